/**
 * A team's people under its business's row: each member's name, role in the team and email, with their own details
 * and access (a rep can be disabled like anyone). The row itself is the owner's account, which holds the trial.
 */
import type { AccountRow } from '../../../sync/entities/admin';
import { displayName } from '../../../sync/entities/user-display';
import { Badge } from '../../components/ui/badge';
import { BreakableText } from '../../components/ui/breakable-text';
import { Button } from '../../components/ui/button';
import { humanize } from './admin-labels';
import type { AccountActions } from './account-actions';

export function TeamMembers({ row, onSetAccess, onView }: { row: AccountRow } & AccountActions) {
  // An account alone in its team is simply the row.
  if (row.members.length < 2) return null;
  const team = row.teamName ?? displayName(row);
  return (
    <div className="mt-2 grid gap-1">
      <p className="text-xs font-medium text-stone-700">Team of {row.members.length}</p>
      <ul aria-label={`Members of ${team}`} className="grid gap-1.5">
        {row.members.map((member) => {
          const name = displayName(member);
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-800">
              <span className="font-medium break-words text-stone-900">{name}</span>
              <Badge tone="neutral">{humanize(member.teamRole)}</Badge>
              {member.disabled && <Badge tone="bad">Disabled</Badge>}
              <a href={`mailto:${member.email}`} className="min-w-0 text-brand-800 underline-offset-2 hover:underline">
                <BreakableText text={member.email} />
              </a>
              {member.id !== row.id && (
                <span className="flex gap-1.5">
                  <Button variant="ghost" size="sm" aria-label={`Details for ${name}`} onClick={() => onView(member)}>
                    Details
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${name}`} onClick={() => onSetAccess(member)}>
                    {member.disabled ? 'Enable' : 'Disable'}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
