/**
 * Removing a member of a seller team, or making one a rep, asks who looks after the customers assigned to them:
 * nobody (the default), the member themselves when they stay as a rep, or another member. The server hands them over
 * in the same change, so the member hears nothing more of customers who are no longer theirs.
 */
import { useState } from 'react';
import type { Team, TeamMember } from '../../../sync/entities/team';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/form-controls';
import { useReplica } from '../../lib/replica/use-replica';
import { TEAM_ROLE_LABELS } from '../../lib/team-permissions';

export type HandOverQuestion = { member: TeamMember; change: 'remove' | 'makeRep' };

type Props = {
  team: Team;
  question: HandOverQuestion;
  onCancel: () => void;
  /** `reassignTo`: who looks after the member's customers from now on, or null for nobody. */
  onConfirm: (reassignTo: string | null) => void;
};

const UNASSIGNED = '';

export function HandOverDialog({ team, question, onCancel, onConfirm }: Props) {
  const { member, change } = question;
  const name = member.name || member.email;
  const [successor, setSuccessor] = useState(UNASSIGNED);
  const view = useReplica();
  const assigned = view?.downloaded ? [...view.customers.values()].filter((customer) => customer.repUserId === member.userId).length : null;
  const others = team.members.filter((other) => other.userId !== member.userId);
  const removing = change === 'remove';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={removing ? `Remove ${name} from the team?` : `Make ${name} a rep?`}
      description={
        removing
          ? `${name} loses access to the team's catalogue, menus and orders at once. What they made stays with the team.`
          : `A rep sees only the customers assigned to them, and hears only of those customers' orders.`
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(successor === UNASSIGNED ? null : successor);
        }}
      >
        {assigned !== null && (
          <p className="text-sm text-stone-700">
            {name} looks after {assigned === 1 ? '1 customer' : `${assigned} customers`}.
          </p>
        )}
        <Field id="hand-over-successor" label="Who looks after their customers now" hint="Unassigned customers are seen by owners and managers only.">
          <Select id="hand-over-successor" value={successor} onChange={(event) => setSuccessor(event.target.value)}>
            <option value={UNASSIGNED}>Nobody: leave them unassigned</option>
            {!removing && <option value={member.userId}>{name}: keep them</option>}
            {others.map((other) => (
              <option key={other.userId} value={other.userId}>
                {other.name || other.email} ({TEAM_ROLE_LABELS[other.role].toLowerCase()})
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant={removing ? 'destructive' : 'primary'}>
            {removing ? 'Remove' : 'Make rep'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
