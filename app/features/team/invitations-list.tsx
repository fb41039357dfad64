/** Invitations waiting for an answer: who, as what, until when; owners and managers resend or revoke them. */
import type { TeamInvitation } from '../../../sync/entities/team';
import { BreakableText } from '../../components/ui/breakable-text';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDay } from '../../lib/billing-text';
import { askToConfirm } from '../../lib/confirm-store';
import { TEAM_ROLE_LABELS } from '../../lib/team-permissions';
import type { TeamWrite } from './members-table';
import { resendInvitation, revokeInvitation } from './team-requests';

type Props = { invitations: TeamInvitation[]; manage: boolean; disabled: boolean; write: TeamWrite };

export function InvitationsList({ invitations, manage, disabled, write }: Props) {
  if (invitations.length === 0) return <Card className="p-4 text-stone-600">No invitations waiting for an answer.</Card>;

  async function revoke(invitation: TeamInvitation) {
    const confirmed = await askToConfirm({
      title: `Revoke the invitation for ${invitation.email}?`,
      description: 'The link in the email stops working. You can invite them again later.',
      confirmLabel: 'Revoke',
      destructive: true,
    });
    if (confirmed) await write(() => revokeInvitation(invitation.id), `The invitation for ${invitation.email} was revoked`);
  }

  return (
    <Card className="divide-y divide-stone-100">
      <ul aria-label="Invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="min-w-0 text-sm">
              <span className="font-medium break-words">
                <BreakableText text={invitation.email} />
              </span>
              <span className="text-stone-600">
                {' · '}
                {TEAM_ROLE_LABELS[invitation.role]}
                {' · expires on '}
                <time dateTime={invitation.expiresAt}>{formatDay(invitation.expiresAt)}</time>
              </span>
            </span>
            {manage && (
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={disabled}
                  aria-label={`Resend the invitation for ${invitation.email}`}
                  onClick={() => void write(() => resendInvitation(invitation.id), `The invitation went to ${invitation.email} again`)}
                >
                  Resend
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  disabled={disabled}
                  aria-label={`Revoke the invitation for ${invitation.email}`}
                  onClick={() => void revoke(invitation)}
                >
                  Revoke
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
