/**
 * /profile/account: password, email (with a pending change and its Cancel),
 * notification emails and pushes, the device's storage, 'Download my data'
 * and 'Delete account', each in its own card with its own form.
 */
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link } from '../../lib/router';
import { apiReads } from '../../../sync/contract/api-reads';
import { changeEmailInputSchema, changePasswordInputSchema, deleteAccountInputSchema } from '../../../sync/entities/account';
import type { FieldErrors } from '../../../sync/contract/errors';
import { NOTIFICATION_CHOICES, NOTIFICATION_KINDS } from '../../../sync/entities/email-preferences';
import { PendingEmailChangeNotice, usePendingEmailChange } from '../../widgets/account/pending-email-change';
import { PageBody } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, invalidProps } from '../../components/ui/form-controls';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { useCheckedFields } from '../../lib/field-errors';
import type { UserRole } from '../../../sync/contract/constants';
import { downloadFile } from '../../lib/download-file';
import { useSyncSession } from '../../lib/replica/sync-session';
import { readFromServer } from '../../lib/server-read/read-from-server';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/document-title';
import { DeviceStorage, PushNotifications } from './push-settings';
import { OutcomeLine, Section, type Outcome } from './settings-section';
import { PreferenceChecks } from './preference-checks';
import { usePreferenceToggles } from './use-preference-toggles';

type CheckedForm<Values extends Record<string, string>> = Pick<ReturnType<typeof useCheckedFields<Values, unknown>>, 'values' | 'set' | 'errors'>;

/** A box of a checked form, with its label and, after a failed submit, its error. */
function CheckedInput<Values extends Record<string, string>>({
  form,
  field,
  id,
  label,
  ...input
}: { form: CheckedForm<Values>; field: keyof Values & string; id: string; label: string } & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete'>) {
  return (
    <Field id={id} label={label} error={form.errors[field]}>
      <Input id={id} {...input} value={form.values[field]} onChange={(event) => form.set(field, event.target.value)} {...invalidProps(id, form.errors[field])} />
    </Field>
  );
}

/** A refusal that names fields (a wrong current password) shows under them; any other, in the outcome line. */
function failureOutcome(failure: unknown, showFieldErrors: (errors: FieldErrors) => void, fallback: string): Outcome {
  if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) {
    showFieldErrors(failure.fieldErrors);
    return null;
  }
  return { ok: false, text: messageOf(failure, fallback) };
}

/** `onChanged`: a change of password also ends a pending change of email. */
function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { formRef, ...form } = useCheckedFields(changePasswordInputSchema, { currentPassword: '', newPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const values = form.checkedValues();
    if (!values) return;
    try {
      await apiRequest('POST', '/api/account/password', values);
      form.reset();
      setOutcome({ ok: true, text: 'Password changed. Every other device was signed out.' });
      onChanged();
    } catch (failure) {
      setOutcome(failureOutcome(failure, form.fail, 'The password could not be changed.'));
    }
  }
  return (
    <Section title="Password">
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-3 sm:max-w-md">
        <CheckedInput form={form} field="currentPassword" id="current-password" label="Current password" type="password" autoComplete="current-password" />
        <CheckedInput form={form} field="newPassword" id="new-password" label="New password" type="password" autoComplete="new-password" />
        <OutcomeLine outcome={outcome} />
        <Button type="submit" className="justify-self-start">
          Change password
        </Button>
      </form>
    </Section>
  );
}

function ChangeEmail({ email, confirmed, emailChange }: { email: string; confirmed: boolean; emailChange: ReturnType<typeof usePendingEmailChange> }) {
  const { formRef, ...form } = useCheckedFields(changeEmailInputSchema, { email: '', currentPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const values = form.checkedValues();
    if (!values) return;
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/account/email', values);
      form.reset();
      setOutcome({ ok: true, text: answer.message });
      emailChange.refresh();
    } catch (failure) {
      setOutcome(failureOutcome(failure, form.fail, 'The email could not be changed.'));
    }
  }
  return (
    <Section title="Email">
      <p className="text-sm text-stone-600">
        {email} · {confirmed ? 'confirmed' : 'not confirmed yet: follow the link we emailed you'}
      </p>
      <PendingEmailChangeNotice state={emailChange} showLookupProblem />
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-3 sm:max-w-md">
        <CheckedInput form={form} field="email" id="new-email" label="New email" type="email" autoComplete="email" />
        <CheckedInput form={form} field="currentPassword" id="email-current-password" label="Current password" type="password" autoComplete="current-password" />
        <p className="text-sm text-stone-600">We send a link to the new address. Your email changes once you follow it, and your other devices are then signed out.</p>
        <OutcomeLine outcome={outcome} />
        <Button type="submit" className="justify-self-start">
          Change email
        </Button>
      </form>
    </Section>
  );
}

function Notifications({ role }: { role: 'seller' | 'buyer' | 'admin' }) {
  const { preferences, outcome, toggle } = usePreferenceToggles(
    useServerRead(apiReads.emailPreferences()),
    '/api/account/notifications',
    'Your email settings could not be loaded.',
  );
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_CHOICES[kind].role === role);
  if (kinds.length === 0) return null;
  return (
    <Section title="Notifications">
      <p className="text-sm text-stone-600">Email me when:</p>
      <div className="grid gap-2">
        <PreferenceChecks kinds={kinds} labelOf={(kind) => NOTIFICATION_CHOICES[kind].label} preferences={preferences} toggle={toggle} />
      </div>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

/** 'Download my data': answers what to show when it failed, null when the file was handed over. */
async function downloadMyData(): Promise<Outcome> {
  try {
    const data = await readFromServer(apiReads.accountExport());
    downloadFile(`wholesale-menus-data-${data.exportedAt.slice(0, 10)}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    return null;
  } catch (failure) {
    return { ok: false, text: messageOf(failure, 'Your data could not be downloaded.') };
  }
}

function DownloadData() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <Section title="Your data">
      <p className="text-sm text-stone-600">A JSON file of your profile and everything your account holds.</p>
      <OutcomeLine outcome={outcome} />
      <Button variant="outline" className="justify-self-start" onClick={() => void downloadMyData().then(setOutcome)}>
        Download my data
      </Button>
    </Section>
  );
}

/** What closing takes away, in the words of the account's role: a seller's buyers keep their copies. */
const CLOSING_TAKES: Record<UserRole, string> = {
  seller: 'Your catalogue and menus are deleted and your shared links stop working.',
  buyer: 'Your saved menus, notes and tags are deleted.',
  admin: 'Your account is deleted.',
};
const BUYERS_KEEP_COPIES = "Buyers who saved your menus will keep a copy marked 'No longer offered'";

function DeleteAccount({ role }: { role: UserRole }) {
  const [open, setOpen] = useState(false);
  const { formRef, ...form } = useCheckedFields(deleteAccountInputSchema, { password: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const values = form.checkedValues();
    if (!values) return;
    try {
      await apiRequest('POST', '/api/account/delete', values);
      useSyncSession.getState().stop();
      await useSession.getState().signOut();
      window.location.assign('/');
    } catch (failure) {
      setOutcome(failureOutcome(failure, form.fail, 'The account could not be deleted.'));
    }
  }
  const takes = CLOSING_TAKES[role];
  return (
    <Section title="Delete account">
      <p className="text-sm text-stone-600">
        {takes} {role === 'seller' && `${BUYERS_KEEP_COPIES}, with their own notes, and get an email saying so. `}This cannot be undone.
      </p>
      <Button variant="outline" className="justify-self-start text-red-800" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Delete your account?" description={`${takes} This cannot be undone.`}>
        <div className="grid gap-3">
          {role === 'seller' && <p className="text-sm text-stone-700">{BUYERS_KEEP_COPIES}: its name, your business name and their own notes and tags, nothing else.</p>}
          <div className="grid gap-1">
            <p className="text-sm text-stone-700">Keep a copy of everything your account holds before it goes.</p>
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => void downloadMyData().then(setOutcome)}>
              Export your data first
            </Button>
          </div>
          <form ref={formRef} noValidate onSubmit={submit} className="grid gap-3">
            <CheckedInput form={form} field="password" id="delete-password" label="Password" type="password" autoComplete="current-password" />
            <OutcomeLine outcome={outcome} />
            <Button type="submit">Delete my account</Button>
          </form>
        </div>
      </Dialog>
    </Section>
  );
}

export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const user = useSession((state) => state.user)!;
  const emailChange = usePendingEmailChange();
  return (
    <PageBody>
      <Link to="/profile" className="text-sm font-medium text-brand-800 hover:underline">
        ← Back to profile
      </Link>
      <h1 className="text-2xl font-bold">Account settings</h1>
      <div className="grid gap-6">
        <ChangePassword onChanged={emailChange.refresh} />
        <ChangeEmail email={user.email} confirmed={user.emailConfirmedAt !== null} emailChange={emailChange} />
        <Notifications role={user.role} />
        <PushNotifications role={user.role} />
        <DeviceStorage />
        <DownloadData />
        <DeleteAccount role={user.role} />
      </div>
    </PageBody>
  );
}
