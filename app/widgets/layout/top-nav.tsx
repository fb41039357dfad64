/**
 * The signed-in top bar: the product name, the sync status, install, notifications, the profile
 * link, the account menu and Logout on one row, and the role's menu on the row under it. The parts that belong to
 * features come in as slots from the app's composition (signed-in-layout).
 *
 * Nothing in it is ever cut or scrolled sideways: the product name never shrinks; the menu folds what does not fit
 * under 'More' (see PriorityNav); below the lg width the status takes a line of its own under the first row, so the
 * name and the person's controls keep theirs whatever the status says; on a phone the profile and Logout fold into
 * the account menu; and should the person's controls still not fit beside the name, they wrap under it.
 */
import type { ReactNode } from 'react';
import type { UserRole } from '../../../sync/contract/constants';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session-store';
import { TrialBadge } from '../billing/trial-badge';
import { AccountMenu, LogoutButton, ProfileLink } from './account-menu';
import type { NavItem } from './nav-items';
import { PriorityNav } from './priority-nav';

export type TopBarParts = {
  syncStatus: ReactNode;
  install: ReactNode;
  notifications: ReactNode;
  onSignOut: () => void;
  /** The menu's items for a role: the features place them (app/routes.tsx), the frame knows none. */
  navItemsFor: (role: UserRole) => NavItem[];
};

export function TopNav({ syncStatus, install, notifications, onSignOut, navItemsFor }: TopBarParts) {
  const user = useSession((state) => state.user);
  if (!user) return null;

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto max-w-6xl px-3 sm:px-4">
        <div className="flex flex-wrap items-center gap-x-2">
          <Link to="/" className="shrink-0 py-4 leading-6 font-bold whitespace-nowrap text-brand-800">
            Wholesale Menus
          </Link>
          <div
            data-testid="top-bar-status"
            className="order-last -mx-3 flex w-[calc(100%+1.5rem)] min-w-0 flex-wrap items-center justify-between gap-x-2 border-t border-stone-100 px-1 py-0.5 sm:-mx-4 sm:w-[calc(100%+2rem)] sm:px-2 lg:order-none lg:mx-0 lg:w-auto lg:flex-1 lg:justify-end lg:border-0 lg:p-0"
          >
            {syncStatus}
            <TrialBadge />
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            {install}
            {notifications}
            <div className="md:hidden">
              <AccountMenu user={user} onSignOut={onSignOut} withProfileAndLogout />
            </div>
            <div className="hidden items-center gap-1 md:flex">
              <ProfileLink user={user} />
              <AccountMenu user={user} onSignOut={onSignOut} withProfileAndLogout={false} />
              <LogoutButton onSignOut={onSignOut} />
            </div>
          </div>
        </div>
        <div className="-mx-3 border-t border-stone-100 px-3 sm:-mx-4 sm:px-4">
          <PriorityNav items={navItemsFor(user.role)} label="Main" />
        </div>
      </div>
    </header>
  );
}
