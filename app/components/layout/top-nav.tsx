/**
 * The signed-in top bar: product name, the role's menu, the sync status,
 * install, notifications, profile and Logout. The parts that belong to
 * features come in as slots from the app's composition (signed-in-layout).
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { avatarInitial, displayName } from '../../../sync/entities/user-display';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-store';
import { TrialBadge } from '../billing/trial-badge';
import { Button } from '../ui/button';
import { navItemsFor } from './nav-items';

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
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:px-4">
        {/* On a narrow phone the name gives way (truncates) so the sync status, including the word Offline, always fits. */}
        <Link to="/" className="mr-1 min-w-0 truncate font-bold text-brand-800 sm:mr-2 sm:shrink-0">
          Wholesale Menus
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks items={items} />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <TrialBadge />
          {syncStatus}
          {install}
          {user.role !== 'admin' && notifications}
          <Link to="/profile" className="flex items-center gap-2 rounded-md px-1.5 py-1 hover:bg-stone-100">
            <span className="sr-only">Profile: {displayName(user)}</span>
            {user.profileImageUrl ? (
              <img src={user.profileImageUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                {avatarInitial(user)}
              </span>
            )}
            <span aria-hidden className="hidden max-w-40 truncate text-sm font-medium lg:inline">
              {displayName(user)}
            </span>
          </Link>
          <Button variant="ghost" size="sm" onClick={onSignOut}>
            Logout
          </Button>
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
