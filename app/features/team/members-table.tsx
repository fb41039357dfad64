/**
 * The team's members: name, email and role, as a table from `sm` on and as cards on a phone (where four columns
 * would squeeze the role's box empty). An owner changes roles and hands ownership over; owners and managers remove
 * members, never the last owner. Removing a seller team's member or making one a rep first asks who looks after
 * their customers. Everyone else reads the list.
 */
import { useState } from 'react';
import type { Team, TeamMember, TeamRole } from '../../../sync/entities/team';
import { handsOverCustomers } from '../../../sync/rules/team-permissions';
import { Button } from '../../components/ui/button';
import { BreakableText } from '../../components/ui/breakable-text';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/form-controls';
import { askToConfirm } from '../../lib/confirm-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { isLastOwner, mayHandOver, mayRemove, memberRoleOptions, teamAllowances, TEAM_ROLE_LABELS } from '../../lib/team-permissions';
import { HandOverDialog, type HandOverQuestion } from './hand-over-dialog';
import { changeMemberRole, handOverOwnership, removeMember } from './team-requests';

export type TeamWrite = (action: () => Promise<unknown>, done: string) => Promise<void>;

type Props = { team: Team; viewerId: string; viewerRole: TeamRole | null; disabled: boolean; write: TeamWrite };

/** Tailwind's `sm`: from here on the four columns fit side by side. */
const TABLE_WIDTH = '(min-width: 640px)';

/** Why the last owner's role cannot change, shown under its box. */
const LAST_OWNER_NOTE = 'A team keeps at least one owner: make someone else owner first.';

export function MembersTable({ team, viewerId, viewerRole, disabled, write }: Props) {
  const mayChangeRoles = teamAllowances(viewerRole).changeRoles;
  const wide = useMediaQuery(TABLE_WIDTH);
  const [handOver, setHandOver] = useState<HandOverQuestion | null>(null);
  /** A seller team's member leaving the book behind is asked about first; anything else is done at once. */
  const ask = team.kind === 'seller' ? setHandOver : null;

  function confirmHandOver(reassignTo: string | null) {
    if (!handOver) return;
    const { member, change } = handOver;
    const name = member.name || member.email;
    setHandOver(null);
    void (change === 'remove'
      ? write(() => removeMember(member.userId, reassignTo), `${name} was removed`)
      : write(() => changeMemberRole(member.userId, 'rep', reassignTo), `${name} is now a rep`));
  }

  const role = (member: TeamMember) => (mayChangeRoles ? <RoleSelect team={team} member={member} disabled={disabled} write={write} ask={ask} /> : TEAM_ROLE_LABELS[member.role]);
  const actions = (member: TeamMember) => <MemberActions team={team} member={member} viewerId={viewerId} viewerRole={viewerRole} disabled={disabled} write={write} ask={ask} />;
  const dialog = handOver && <HandOverDialog team={team} question={handOver} onCancel={() => setHandOver(null)} onConfirm={confirmHandOver} />;

  if (!wide) {
    return (
      <Card>
        {dialog}
        <ul aria-label="Members" className="divide-y divide-stone-100">
          {team.members.map((member) => (
            <li key={member.userId} className="grid gap-2 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {member.name || <BreakableText text={member.email} />}
                  {member.userId === viewerId && <span className="ml-1 font-normal text-stone-500">(you)</span>}
                </p>
                {member.name && (
                  <p className="break-words text-stone-600">
                    <BreakableText text={member.email} />
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {role(member)}
                {actions(member)}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <Card className="overflow-x-auto">
      {dialog}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {team.members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className="px-4 py-3 font-medium">
                {member.name || member.email}
                {member.userId === viewerId && <span className="ml-1 font-normal text-stone-500">(you)</span>}
              </th>
              <td className="px-4 py-3">
                <BreakableText text={member.email} />
              </td>
              <td className="px-4 py-3">{role(member)}</td>
              <td className="px-4 py-3">{actions(member)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

type Ask = ((question: HandOverQuestion) => void) | null;

function RoleSelect({ team, member, disabled, write, ask }: { team: Team; member: TeamMember; disabled: boolean; write: TeamWrite; ask: Ask }) {
  const lastOwner = isLastOwner(member, team.members);
  const noteId = `last-owner-${member.userId}`;
  return (
    <div className="grid gap-1">
      <Select
        aria-label={`Role of ${member.name || member.email}`}
        aria-describedby={lastOwner ? noteId : undefined}
        value={member.role}
        disabled={disabled || lastOwner}
        onChange={(event) => {
          const role = event.target.value as TeamRole;
          if (ask && handsOverCustomers(member.role, role)) return ask({ member, change: 'makeRep' });
          void write(() => changeMemberRole(member.userId, role), `${member.name || member.email} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}`);
        }}
        className="h-9 w-36 min-w-36"
      >
        {memberRoleOptions(team.kind).map((role) => (
          <option key={role} value={role}>
            {TEAM_ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
      {lastOwner && (
        <p id={noteId} className="max-w-48 text-xs text-stone-600">
          {LAST_OWNER_NOTE}
        </p>
      )}
    </div>
  );
}

function MemberActions({ team, member, viewerId, viewerRole, disabled, write, ask }: Omit<Props, 'team'> & { team: Team; member: TeamMember; ask: Ask }) {
  const name = member.name || member.email;

  async function handOver() {
    const confirmed = await askToConfirm({
      title: `Make ${name} the owner?`,
      description: `${name} gets billing, roles and the team's closing. You become a manager.`,
      confirmLabel: 'Make owner',
    });
    if (confirmed) await write(() => handOverOwnership(member.userId, viewerId), `${name} is now the owner`);
  }

  async function remove() {
    if (ask) return ask({ member, change: 'remove' });
    const confirmed = await askToConfirm({
      title: `Remove ${name} from the team?`,
      description: `${name} loses access to the team's catalogue, menus and orders at once. What they made stays with the team.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (confirmed) await write(() => removeMember(member.userId), `${name} was removed`);
  }

  const handOverAllowed = mayHandOver(viewerRole, member, viewerId);
  const removeAllowed = mayRemove(viewerRole, member, team.members);
  if (!handOverAllowed && !removeAllowed) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {handOverAllowed && (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => void handOver()} aria-label={`Make ${name} owner`}>
          Make owner
        </Button>
      )}
      {removeAllowed && (
        <Button size="sm" variant="ghost" className="text-red-700" disabled={disabled} onClick={() => void remove()} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      )}
    </div>
  );
}
