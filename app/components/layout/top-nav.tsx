/**
 * The signed-in top bar: product name, the role's menu, the sync status,
 * install, notifications, and the profile menu (profile, team, account, billing, sign out). The parts that belong to
 * features come in as slots from the app's composition (signed-in-layout).
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from '../../lib/router';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-store';
import { TrialBadge } from '../billing/trial-badge';
import { navItemsFor } from './nav-items';
import { ProfileMenu } from './profile-menu';

export type TopBarParts = {
  syncStatus: ReactNode;
  install: ReactNode;
  /** Leads to the inbox; admins, who have none, never see it. */
  notifications: ReactNode;
  onSignOut: () => void;
};

export function TopNav({ syncStatus, install, notifications, onSignOut }: TopBarParts) {
  const user = useSession((state) => state.user);
  if (!user) return null;
  const items = navItemsFor(user.role);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      {/* On a phone the status takes a line of its own under the bar (order-last, full width), so the name and the profile menu keep theirs whatever the status says; from sm up it sits in the bar as before. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-3 sm:flex-nowrap sm:px-4">
        <Link to="/" className="mr-1 min-w-0 flex-1 truncate py-4 leading-6 font-bold text-brand-800 sm:mr-2 sm:flex-initial">
          Wholesale Menus
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks items={items} />
        </nav>
        <div
          data-testid="top-bar-status"
          className="order-last -mx-3 flex w-[calc(100%+1.5rem)] min-w-0 flex-wrap items-center justify-between gap-x-2 border-t border-stone-100 px-1 py-0.5 sm:order-none sm:mx-0 sm:ml-auto sm:w-auto sm:justify-end sm:border-0 sm:p-0"
        >
          {syncStatus}
          <TrialBadge />
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {install}
          {user.role !== 'admin' && notifications}
          <ProfileMenu user={user} onSignOut={onSignOut} />
        </div>
      </div>
      <nav aria-label="Main (mobile)" className="overflow-x-auto border-t border-stone-100 px-3 md:hidden">
        <NavLinks items={items} />
      </nav>
    </header>
  );
}

function NavLinks({ items }: { items: ReturnType<typeof navItemsFor> }) {
  return (
    <ul className="flex gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={({ isActive }) =>
              cn(
                'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
