/**
 * Invite someone by email with a role. What the server refuses shows where
 * it belongs: a field's error under the field, anything else above the
 * button; a refusal for the plan (402) leads the owner to billing.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { inviteMemberInputSchema, type TeamKind, type TeamRole } from '../../../sync/entities/team';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, invalidProps, Select } from '../../components/ui/form-controls';
import { ApiError, messageOf } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/field-errors';
import { inviteRoleOptions, teamAllowances, TEAM_ROLE_LABELS } from '../../lib/team-permissions';
import { toast } from '../../lib/toast-store';
import { validate } from '../../../sync/contract/validation';
import { inviteMember } from './team-requests';

type Refusal = { message: string; billing: boolean };

export function InviteForm({ kind, viewerRole, disabled, onInvited }: { kind: TeamKind; viewerRole: TeamRole | null; disabled: boolean; onInvited: () => void }) {
  const roles = inviteRoleOptions(kind, viewerRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(roles[0]!);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { errors, formRef, fail, recheck, clear } = useFieldErrors();

  function changeEmail(value: string) {
    setEmail(value);
    const checked = validate(inviteMemberInputSchema, { email: value, role });
    recheck(checked.ok ? {} : checked.fieldErrors);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const checked = validate(inviteMemberInputSchema, { email, role });
    if (!checked.ok) return fail(checked.fieldErrors);
    setSending(true);
    try {
      await inviteMember(checked.data);
      toast({ title: 'Invitation sent', description: `${checked.data.email} gets a link to join, valid for 7 days.`, variant: 'success' });
      setEmail('');
      clear();
      onInvited();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) fail(error.fieldErrors);
      else setRefusal({ message: messageOf(error, 'The invitation could not be sent.'), billing: error instanceof ApiError && error.status === 402 });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="p-4">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Invite a member"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
      >
        <Field id="invite-email" label="Email" error={errors.email}>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => changeEmail(event.target.value)}
            {...invalidProps('invite-email', errors.email)}
          />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role}>
          <Select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as TeamRole)} {...invalidProps('invite-role', errors.role)}>
            {roles.map((option) => (
              <option key={option} value={option}>
                {TEAM_ROLE_LABELS[option]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" className="sm:mt-7" disabled={disabled || sending}>
          {sending ? 'Sending…' : 'Send invitation'}
        </Button>
        {refusal && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:col-span-3">
            <p>{refusal.message}</p>
            {refusal.billing && teamAllowances(viewerRole).seeBilling && (
              <Link to="/billing" className="font-medium underline">
                Go to billing
              </Link>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
