/**
 * The signed-in person's part of the top bar: a profile link showing their display name and an
 * avatar with the first initial, a Logout button, and a menu of the rest (team, account settings, billing for a
 * seller team's owners, Metrc for its owners and managers). On a phone the profile and Logout fold into that menu, first and last in it. Radix gives
 * the menu its keyboard use (arrows, Escape, typing a letter) and its roles.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '../../../sync/entities/user';
import { avatarInitial, displayName } from '../../../sync/entities/user-display';
import { cn } from '../../lib/cn';
import { Link, useNavigate } from '../../lib/router';
import { useTeamAllowances } from '../../lib/team-role';
import { Button, buttonClasses } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';

const ITEM = 'block cursor-pointer rounded px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100';
const LOGOUT_LABEL = 'Logout';

function Avatar({ user }: { user: User }) {
  return user.profileImageUrl ? (
    <img src={user.profileImageUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
  ) : (
    <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
      {avatarInitial(user)}
    </span>
  );
}

/** The profile link of a desktop's bar: avatar and display name, to /profile. */
export function ProfileLink({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Link
      to="/profile"
      aria-label={`Profile: ${name}`}
      title={name}
      className="flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <Avatar user={user} />
      <span className="max-w-40 truncate text-sm font-medium">{name}</span>
    </Link>
  );
}

export function LogoutButton({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onSignOut}>
      {LOGOUT_LABEL}
    </Button>
  );
}

/** The pages of the person's account beyond the profile: their team, account settings, billing (a seller team's owners), Metrc (its owners and managers). */
function useAccountLinks(user: User) {
  const { seeBilling, manageIntegrations } = useTeamAllowances();
  return [
    ...(user.role !== 'admin' ? [{ to: '/team', label: 'Team' }] : []),
    { to: '/profile/account', label: 'Account settings' },
    ...(user.role === 'seller' && seeBilling ? [{ to: '/billing', label: 'Billing' }] : []),
    ...(user.role === 'seller' && manageIntegrations ? [{ to: '/settings/metrc', label: 'Metrc' }] : []),
  ];
}

/**
 * The account menu. `withProfileAndLogout` (a phone, where the bar has no room for them) adds Profile first and
 * Logout last, each one tap away once the menu is open.
 */
export function AccountMenu({ user, onSignOut, withProfileAndLogout }: { user: User; onSignOut: () => void; withProfileAndLogout: boolean }) {
  const navigate = useNavigate();
  const accountLinks = useAccountLinks(user);
  const links = withProfileAndLogout ? [{ to: '/profile', label: 'Profile' }, ...accountLinks] : accountLinks;
  const trigger = withProfileAndLogout ? (
    <DropdownMenu.Trigger className="flex shrink-0 items-center rounded-full p-1 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700">
      <span className="sr-only">Account menu</span>
      <Avatar user={user} />
    </DropdownMenu.Trigger>
  ) : (
    <Tooltip content="Account menu">
      <DropdownMenu.Trigger aria-label="Account menu" className={buttonClasses('ghost', 'icon', 'shrink-0')}>
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </DropdownMenu.Trigger>
    </Tooltip>
  );
  return (
    <DropdownMenu.Root modal={false}>
      {trigger}
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 max-w-[calc(100vw-1rem)] min-w-48 rounded-md border border-stone-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-1.5 text-xs text-stone-500">
            {withProfileAndLogout && <span className="block truncate text-sm font-medium text-stone-800">{displayName(user)}</span>}
            <span className="block truncate">{user.email}</span>
          </DropdownMenu.Label>
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} className={ITEM} onSelect={() => navigate(link.to)}>
              {link.label}
            </DropdownMenu.Item>
          ))}
          {withProfileAndLogout && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
              <DropdownMenu.Item className={cn(ITEM, 'font-medium')} onSelect={onSignOut}>
                {LOGOUT_LABEL}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
