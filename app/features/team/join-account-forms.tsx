/**
 * The join page's two ways in for someone signed out: create an account with
 * the invited email (the invitation is for that address only, so it is
 * locked when the server says which it is), or sign in and then join.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SelfServiceRole } from '../../../sync/contract/constants';
import { isPendingRegistration, type PendingRegistration } from '../../../sync/entities/account';
import type { InvitationPreview } from '../../../sync/entities/team';
import { loginInputSchema, registerInputSchema, type AuthResponse } from '../../../sync/entities/user';
import { dashboardPathFor } from '../../../sync/entities/user-display';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Field, Input, invalidProps, Select } from '../../components/ui/form-controls';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/field-errors';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { joinTeam, openDashboardAfresh, registerWithInvitation } from './join-requests';

type FormProps = { token: string; preview: InvitationPreview | null };

/** A refusal naming fields shows under them; any other in the form's alert. */
function useRefusals() {
  const fields = useFieldErrors();
  const [message, setMessage] = useState<string | null>(null);
  function refused(error: unknown, fallback: string) {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) fields.fail(error.fieldErrors);
    else setMessage(messageOf(error, fallback));
  }
  return { ...fields, message, setMessage, refused };
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

export function CreateAccountToJoin({ token, preview }: FormProps) {
  const [form, setForm] = useState({ email: preview?.email ?? '', password: '', firstName: '', lastName: '' });
  const [kind, setKind] = useState<SelfServiceRole>(preview?.kind ?? 'seller');
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const { errors, formRef, fail, message, setMessage, refused } = useRefusals();
  const signIn = useSession((state) => state.signIn);
  const update = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const input = { ...form, email: preview?.email ?? form.email, role: preview?.kind ?? kind };
    const checked = validate(registerInputSchema, input);
    if (!checked.ok) return fail(checked.fieldErrors);
    setSending(true);
    try {
      const answer = await registerWithInvitation<AuthResponse | PendingRegistration>(input, token);
      if (isPendingRegistration(answer)) {
        setMessage(answer.message);
        setSending(false);
        return;
      }
      const auth = answer;
      signIn(auth, { newAccount: true });
      useSyncSession.getState().start(auth.user.id);
      openDashboardAfresh(dashboardPathFor(auth.user.role));
    } catch (error) {
      refused(error, 'Your account could not be created.');
      setSending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label="Create your account" className="grid gap-4">
      <Field id="join-email" label="Email" error={errors.email} hint={preview ? 'The invitation is for this address.' : undefined}>
        <Input
          id="join-email"
          type="email"
          autoComplete="email"
          value={preview?.email ?? form.email}
          readOnly={Boolean(preview)}
          onChange={update('email')}
          {...invalidProps('join-email', errors.email)}
        />
      </Field>
      <Field id="join-password" label="Password" error={errors.password}>
        <PasswordInput
          id="join-password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          shown={shown}
          onShownChange={setShown}
          {...invalidProps('join-password', errors.password)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="join-first-name" label="First name" error={errors.firstName}>
          <Input id="join-first-name" autoComplete="given-name" value={form.firstName} onChange={update('firstName')} {...invalidProps('join-first-name', errors.firstName)} />
        </Field>
        <Field id="join-last-name" label="Last name (optional)" error={errors.lastName}>
          <Input id="join-last-name" autoComplete="family-name" value={form.lastName} onChange={update('lastName')} {...invalidProps('join-last-name', errors.lastName)} />
        </Field>
      </div>
      {!preview && (
        <Field id="join-kind" label="The team you join" error={errors.role}>
          <Select id="join-kind" value={kind} onChange={(event) => setKind(event.target.value as SelfServiceRole)}>
            <option value="seller">Sells (a brand or distributor)</option>
            <option value="buyer">Buys (a dispensary)</option>
          </Select>
        </Field>
      )}
      {message && <Alert>{message}</Alert>}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Please wait…' : 'Create account and join'}
      </Button>
    </form>
  );
}

/** `onJoinRefused`: once signed in, this form gives way to the page's Join button, which shows why joining was refused. */
export function SignInToJoin({ token, preview, onJoinRefused }: FormProps & { onJoinRefused: (message: string) => void }) {
  const [form, setForm] = useState({ email: preview?.email ?? '', password: '' });
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const { errors, formRef, fail, message, setMessage, refused } = useRefusals();
  const signIn = useSession((state) => state.signIn);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const checked = validate(loginInputSchema, form);
    if (!checked.ok) return fail(checked.fieldErrors);
    setSending(true);
    let auth: AuthResponse;
    try {
      auth = await apiRequest<AuthResponse>('POST', '/api/auth/login', form);
    } catch (error) {
      refused(error, 'Sign in failed.');
      setSending(false);
      return;
    }
    signIn(auth);
    useSyncSession.getState().start(auth.user.id);
    try {
      await joinTeam(token);
      openDashboardAfresh(dashboardPathFor(auth.user.role));
    } catch (error) {
      onJoinRefused(messageOf(error, 'You could not join the team.'));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label="Sign in" className="grid gap-4">
      <Field id="join-signin-email" label="Email" error={errors.email}>
        <Input
          id="join-signin-email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
          {...invalidProps('join-signin-email', errors.email)}
        />
      </Field>
      <Field id="join-signin-password" label="Password" error={errors.password}>
        <PasswordInput
          id="join-signin-password"
          autoComplete="current-password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
          shown={shown}
          onShownChange={setShown}
          {...invalidProps('join-signin-password', errors.password)}
        />
      </Field>
      {message && <Alert>{message}</Alert>}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Please wait…' : 'Sign in and join'}
      </Button>
    </form>
  );
}
