/**
 * /profile/account: password, email, notification emails, 'Download my
 * data' and 'Delete account', each in its own card with its own form.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { changeEmailInputSchema, changePasswordInputSchema } from '../../../sync/entities/account';
import { NOTIFICATION_CHOICES, NOTIFICATION_KINDS, type EmailPreferences, type NotificationKind } from '../../../sync/entities/email-preferences';
import { validate } from '../../../sync/validation';
import { PageBody } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form-controls';
import { apiRequest, messageOf } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/document-title';

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-brand-900' : 'text-sm text-red-800'}>
      {outcome.text}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function ChangePassword() {
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(changePasswordInputSchema, fields);
    if (!checked.ok) return setOutcome({ ok: false, text: checked.message });
    try {
      await apiRequest('POST', '/api/account/password', checked.data);
      setFields({ currentPassword: '', newPassword: '' });
      setOutcome({ ok: true, text: 'Password changed. Every other device was signed out.' });
    } catch (failure) {
      setOutcome({ ok: false, text: messageOf(failure, 'The password could not be changed.') });
    }
  }
  return (
    <Section title="Password">
      <form noValidate onSubmit={submit} className="grid gap-3 sm:max-w-md">
        <Field id="current-password" label="Current password">
          <Input id="current-password" type="password" autoComplete="current-password" value={fields.currentPassword} onChange={(e) => setFields({ ...fields, currentPassword: e.target.value })} />
        </Field>
        <Field id="new-password" label="New password">
          <Input id="new-password" type="password" autoComplete="new-password" value={fields.newPassword} onChange={(e) => setFields({ ...fields, newPassword: e.target.value })} />
        </Field>
        <OutcomeLine outcome={outcome} />
        <Button type="submit" className="justify-self-start">Change password</Button>
      </form>
    </Section>
  );
}

function ChangeEmail({ email, confirmed }: { email: string; confirmed: boolean }) {
  const [fields, setFields] = useState({ email: '', currentPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(changeEmailInputSchema, fields);
    if (!checked.ok) return setOutcome({ ok: false, text: checked.message });
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/account/email', checked.data);
      setFields({ email: '', currentPassword: '' });
      setOutcome({ ok: true, text: answer.message });
    } catch (failure) {
      setOutcome({ ok: false, text: messageOf(failure, 'The email could not be changed.') });
    }
  }
  return (
    <Section title="Email">
      <p className="text-sm text-stone-600">
        {email} · {confirmed ? 'confirmed' : 'not confirmed yet: follow the link we emailed you'}
      </p>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:max-w-md">
        <Field id="new-email" label="New email">
          <Input id="new-email" type="email" autoComplete="email" value={fields.email} onChange={(e) => setFields({ ...fields, email: e.target.value })} />
        </Field>
        <Field id="email-current-password" label="Current password">
          <Input id="email-current-password" type="password" autoComplete="current-password" value={fields.currentPassword} onChange={(e) => setFields({ ...fields, currentPassword: e.target.value })} />
        </Field>
        <OutcomeLine outcome={outcome} />
        <Button type="submit" className="justify-self-start">Change email</Button>
      </form>
    </Section>
  );
}

function Notifications({ role }: { role: 'seller' | 'buyer' | 'admin' }) {
  const [preferences, setPreferences] = useState<EmailPreferences | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    apiRequest<EmailPreferences>('GET', '/api/account/notifications')
      .then(setPreferences)
      .catch((failure: unknown) => setOutcome({ ok: false, text: messageOf(failure, 'Your email settings could not be loaded.') }));
  }, []);
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_CHOICES[kind].role === role);
  if (kinds.length === 0) return null;
  async function toggle(kind: NotificationKind, on: boolean) {
    // Shown at once; the server's answer then confirms it (or the failure says it was not saved).
    setPreferences((current) => current && { ...current, [kind]: on });
    try {
      setPreferences(await apiRequest<EmailPreferences>('PUT', '/api/account/notifications', { [kind]: on }));
      setOutcome({ ok: true, text: 'Saved.' });
    } catch (failure) {
      setPreferences((current) => current && { ...current, [kind]: !on });
      setOutcome({ ok: false, text: messageOf(failure, 'The setting could not be saved.') });
    }
  }
  return (
    <Section title="Notifications">
      <p className="text-sm text-stone-600">Email me when:</p>
      <div className="grid gap-2">
        {kinds.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input type="checkbox" disabled={!preferences} checked={preferences?.[kind] ?? true} onChange={(e) => void toggle(kind, e.target.checked)} className="size-4 accent-brand-700" />
            {NOTIFICATION_CHOICES[kind].label}
          </label>
        ))}
      </div>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function DownloadData() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function download() {
    try {
      const data = await apiRequest<{ exportedAt: string }>('GET', '/api/account/export');
      downloadFile(`wholesale-menus-data-${data.exportedAt.slice(0, 10)}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      setOutcome(null);
    } catch (failure) {
      setOutcome({ ok: false, text: messageOf(failure, 'Your data could not be downloaded.') });
    }
  }
  return (
    <Section title="Your data">
      <p className="text-sm text-stone-600">A JSON file of your profile and everything your account holds.</p>
      <OutcomeLine outcome={outcome} />
      <Button variant="outline" className="justify-self-start" onClick={() => void download()}>Download my data</Button>
    </Section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await apiRequest('POST', '/api/account/delete', { password });
      useSyncSession.getState().stop();
      await useSession.getState().signOut();
      window.location.assign('/');
    } catch (failure) {
      setOutcome({ ok: false, text: messageOf(failure, 'The account could not be deleted.') });
    }
  }
  return (
    <Section title="Delete account">
      <p className="text-sm text-stone-600">Your catalogue, menus and saved menus are deleted and your shared links stop working. This cannot be undone.</p>
      <Button variant="outline" className="justify-self-start text-red-800" onClick={() => setOpen(true)}>Delete account</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Delete your account?" description="Enter your password to confirm.">
        <form noValidate onSubmit={submit} className="grid gap-3">
          <Field id="delete-password" label="Password">
            <Input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <OutcomeLine outcome={outcome} />
          <Button type="submit">Delete my account</Button>
        </form>
      </Dialog>
    </Section>
  );
}

export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const user = useSession((state) => state.user)!;
  return (
    <PageBody>
      <Link to="/profile" className="text-sm font-medium text-brand-800 hover:underline">
        ← Back to profile
      </Link>
      <h1 className="text-2xl font-bold">Account settings</h1>
      <div className="grid gap-6">
        <ChangePassword />
        <ChangeEmail email={user.email} confirmed={user.emailConfirmedAt !== null} />
        <Notifications role={user.role} />
        <DownloadData />
        <DeleteAccount />
      </div>
    </PageBody>
  );
}
