/**
 * The signed-in person's menu in the top bar: their profile, their team, account settings, billing (a seller team's
 * owners) and signing out. Radix gives it the menu's keyboard use (arrows, Escape, typing a letter) and its roles.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '../../lib/router';
import type { User } from '../../../sync/entities/user';
import { avatarInitial, displayName } from '../../../sync/entities/user-display';
import { useTeamAllowances } from '../../lib/team-role';

const ITEM = 'block cursor-pointer rounded px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100';

export function ProfileMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const navigate = useNavigate();
  const { seeBilling } = useTeamAllowances();
  const links = [
    { to: '/profile', label: 'Profile' },
    ...(user.role !== 'admin' ? [{ to: '/team', label: 'Team' }] : []),
    { to: '/profile/account', label: 'Account settings' },
    ...(user.role === 'seller' && seeBilling ? [{ to: '/billing', label: 'Billing' }] : []),
  ];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md px-1.5 py-1 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700">
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-stone-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs text-stone-500">{user.email}</DropdownMenu.Label>
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} className={ITEM} onSelect={() => navigate(link.to)}>
              {link.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <DropdownMenu.Item className={ITEM} onSelect={onSignOut}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
