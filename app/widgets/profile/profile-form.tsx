/**
 * The profile's fields (those of PUT /api/auth/user), shared by the profile
 * page and the Update Profile dialog. Saving is a sync mutation, so it works
 * offline. A new email is the exception: it needs the current password and
 * the network, since it only starts a change that a link sent to the new
 * address completes.
 */
import { useState, type FormEvent } from 'react';
import { EMAIL_CHANGE_PASSWORD_MESSAGE } from '../../../sync/entities/account';
import { AppError, type FieldErrors } from '../../../sync/contract/errors';
import { businessNameProblem, profileUpdateSchema, type User } from '../../../sync/entities/user';
import { useTeamAllowances } from '../../lib/team-role';
import { useTeamRead } from '../../lib/team-read';
import { REFUSAL_REASONS } from '../../lib/team-permissions';
import { validate } from '../../../sync/contract/validation';
import { Card } from '../../components/ui/card';
import { Field, Input, invalidProps, Select, Textarea } from '../../components/ui/form-controls';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';
import { askToConfirm } from '../../lib/confirm-store';
import { useFieldErrors } from '../../lib/field-errors';
import { MENU_COVER_LABEL, MenuCoverField } from './menu-cover-field';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'businessName',
  'companyName',
  'contactInfo',
  'address',
  'phoneNumber',
  'city',
  'state',
  'zipCode',
  'licenseNumber',
  'menuCoverUrl',
  'accentColor',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
export type ProfileFormValues = Record<TextField, string> & { role: User['role'] };

const LABELS: Record<TextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  businessName: 'Business name',
  companyName: 'Company name',
  contactInfo: 'Contact info',
  address: 'Address',
  phoneNumber: 'Phone number',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  licenseNumber: 'License number',
  menuCoverUrl: MENU_COVER_LABEL,
  accentColor: 'Menu accent colour (#rrggbb)',
};

function valuesFrom(user: User): ProfileFormValues {
  const values = { role: user.role } as ProfileFormValues;
  for (const field of TEXT_FIELDS) values[field] = user[field] ?? '';
  return values;
}

/** A seller who becomes a buyer keeps their catalogue, but can no longer work on it: said before it happens. */
const SELLER_TO_BUYER_QUESTION = {
  title: 'Switch to a buyer account?',
  description:
    'Your products and menus are kept, and their public links keep working for the buyers who have them. As a buyer you cannot edit them or build menus until you switch back to seller.',
  confirmLabel: 'Switch to buyer',
};

type ProfileValues = ReturnType<typeof valuesFrom>;

type ProfileFormOptions = {
  /** The form may change the email (the profile page), or shows it only (the dashboard's dialog). */
  includeEmail: boolean;
  /** While nobody edits, the fields follow the account as it changes (a confirmed new address, a sync from another device). */
  followUser?: boolean;
  /** Hears when a change of address was sent off. */
  onEmailChangeStarted?: () => void;
};

/** The form's state; `save` resolves true when the change was saved on the device. */
export function useProfileForm(user: User, { includeEmail, followUser = false, onEmailChangeStarted }: ProfileFormOptions) {
  const [values, setValuesState] = useState(() => valuesFrom(user));
  const [currentPassword, setCurrentPasswordState] = useState('');
  const [shownUser, setShownUser] = useState(user);
  const { errors, formRef, fail, recheck, clear } = useFieldErrors();
  // The business's name is the team's: asked of those who may change it (its menus show it).
  const namesTheTeam = useTeamAllowances().editBusiness;
  if (followUser && user !== shownUser) {
    setShownUser(user);
    setValuesState(valuesFrom(user));
  }

  /** What the sync mutation saves: everything but the email, which changes only through its confirmed change. */
  function payloadOf({ email: _changedApart, role, ...rest }: ProfileValues) {
    return { ...rest, ...(user.role !== 'admin' && { role }) };
  }

  /** The address typed when it is another than the account's, compared as the server compares them. */
  function newEmailOf(current: ProfileValues): string | null {
    const email = current.email.trim().toLowerCase();
    return includeEmail && email !== user.email ? email : null;
  }

  function errorsOf(current: ProfileValues, password: string): FieldErrors {
    const checked = validate(profileUpdateSchema, { ...payloadOf(current), ...(includeEmail && { email: current.email }) });
    const found = checked.ok ? {} : { ...checked.fieldErrors };
    const nameProblem = namesTheTeam ? businessNameProblem({ businessName: current.businessName.trim() || null }, current.role, user.businessName) : null;
    if (nameProblem && !found.businessName) Object.assign(found, nameProblem);
    if (newEmailOf(current) && !password) found.currentPassword = EMAIL_CHANGE_PASSWORD_MESSAGE;
    return found;
  }

  /** A change to the values: an error shown goes as soon as its field is right. */
  function setValues(update: (current: ProfileValues) => ProfileValues) {
    const next = update(values);
    setValuesState(next);
    recheck(errorsOf(next, currentPassword));
  }

  function setCurrentPassword(password: string) {
    setCurrentPasswordState(password);
    recheck(errorsOf(values, password));
  }

  function reset() {
    setValuesState(valuesFrom(user));
    setCurrentPasswordState('');
    clear();
  }

  /** Sends a new address off (online only); the answer says where the link went, or the refusal shows under its field. */
  async function startEmailChange(email: string): Promise<string | null> {
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/account/email', { email, currentPassword });
      setValuesState((current) => ({ ...current, email: user.email }));
      setCurrentPasswordState('');
      onEmailChangeStarted?.();
      return answer.message;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) fail(error.fieldErrors);
      toast({ title: 'Error', description: messageOf(error, 'Failed to update profile'), variant: 'destructive' });
      return null;
    }
  }

  async function save(event: FormEvent): Promise<boolean> {
    event.preventDefault();
    const found = errorsOf(values, currentPassword);
    if (Object.keys(found).length > 0) {
      fail(found);
      return false;
    }
    if (user.role === 'seller' && values.role === 'buyer' && !(await askToConfirm(SELLER_TO_BUYER_QUESTION))) return false;
    const newEmail = newEmailOf(values);
    const emailNote = newEmail ? await startEmailChange(newEmail) : undefined;
    if (emailNote === null) return false;
    try {
      await mutate({ name: 'profile.update', args: payloadOf(values) });
      clear();
      toast({ title: 'Profile updated successfully', description: emailNote, variant: 'success' });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) fail(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update profile', variant: 'destructive' });
      return false;
    }
  }

  return { values, setValues, currentPassword, setCurrentPassword, emailChanging: newEmailOf(values) !== null, errors, formRef, reset, save };
}

export function ProfileFields({
  form,
  editing,
  emailDisabled,
  idPrefix,
}: {
  form: Omit<ReturnType<typeof useProfileForm>, 'formRef'>;
  editing: boolean;
  emailDisabled: boolean;
  idPrefix: string;
}) {
  const { values, setValues, errors } = form;
  // The business is the team's: a rep sees it, owners and managers change it.
  const { editBusiness } = useTeamAllowances();
  const business = { disabled: !editBusiness };
  // A team's kind is its members' role: only a person alone in their team switches it.
  const shared = (useTeamRead().data?.members.length ?? 1) > 1;
  const text = (field: TextField, options: { type?: string; multiline?: boolean; disabled?: boolean; placeholder?: string } = {}) => {
    const id = `${idPrefix}-${field}`;
    const onChange = (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
    const disabled = !editing || options.disabled;
    const invalid = invalidProps(id, errors[field]);
    return (
      <Field id={id} label={LABELS[field]} error={errors[field]}>
        {options.multiline ? (
          <Textarea id={id} value={values[field]} disabled={disabled} onChange={onChange} {...invalid} />
        ) : (
          <Input id={id} type={options.type ?? 'text'} value={values[field]} placeholder={options.placeholder} disabled={disabled} onChange={onChange} {...invalid} />
        )}
      </Field>
    );
  };

  return (
    <>
      <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Your details</h2>
        {text('firstName')}
        {text('lastName')}
        {text('email', { type: 'email', disabled: emailDisabled })}
        {editing && form.emailChanging && (
          <Field
            id={`${idPrefix}-currentPassword`}
            label="Current password"
            error={errors.currentPassword}
            hint="Needed to change your email. We send a link to the new address, and your email changes once you follow it."
          >
            <Input
              id={`${idPrefix}-currentPassword`}
              type="password"
              autoComplete="current-password"
              value={form.currentPassword}
              onChange={(event) => form.setCurrentPassword(event.target.value)}
              {...invalidProps(`${idPrefix}-currentPassword`, errors.currentPassword)}
            />
          </Field>
        )}
      </Card>
      <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <h2 className="font-semibold">Business</h2>
          {!editBusiness && <p className="text-sm text-stone-600">{REFUSAL_REASONS.editBusiness}</p>}
        </div>
        {values.role !== 'admin' && (
          <Field id={`${idPrefix}-role`} label="Account type" hint={shared ? 'Your team has other members: its kind stays as it is.' : undefined}>
            <Select
              id={`${idPrefix}-role`}
              value={values.role}
              disabled={!editing || shared}
              onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as User['role'] }))}
            >
              <option value="seller">Seller (Cannabis Supplier)</option>
              <option value="buyer">Buyer (Dispensary/Retailer)</option>
            </Select>
          </Field>
        )}
        {values.role === 'buyer' ? text('companyName', business) : text('businessName', business)}
        {text('phoneNumber', { type: 'tel', ...business })}
        {text('licenseNumber', business)}
        {text('address', business)}
        {text('city', business)}
        {text('state', business)}
        {text('zipCode', business)}
        <div className="sm:col-span-2">{text('contactInfo', { multiline: true, ...business })}</div>
      </Card>
      {values.role === 'seller' && (
        <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <h2 className="font-semibold">Menu brand</h2>
            <p className="text-sm text-stone-600">
              Your public menus and printed sheets open with your logo (the profile photo), business name, license number, contact details, this cover image and this colour.
            </p>
          </div>
          <div className="sm:col-span-2">
            <MenuCoverField
              id={`${idPrefix}-menuCoverUrl`}
              value={values.menuCoverUrl}
              editing={editing && editBusiness}
              error={errors.menuCoverUrl}
              onChange={(address) => setValues((current) => ({ ...current, menuCoverUrl: address }))}
            />
          </div>
          {text('accentColor', { placeholder: '#166534', ...business })}
        </Card>
      )}
    </>
  );
}
