/**
 * The profile's fields (those of PUT /api/auth/user), shared by the profile
 * page and the Update Profile dialog. Saving is a sync mutation, so it works
 * offline.
 */
import { useState, type FormEvent } from 'react';
import { AppError } from '../../../sync/errors';
import { profileUpdateSchema, type User } from '../../../sync/entities/user';
import { validate } from '../../../sync/validation';
import { Card } from '../ui/card';
import { Field, Input, invalidProps, Select, Textarea } from '../ui/form-controls';
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

/**
 * The form's state; `save` resolves true when the change was saved on the
 * device. `includeEmail`: the form may change the email (the profile page)
 * or shows it only (the dashboard's dialog).
 */
export function useProfileForm(user: User, { includeEmail }: { includeEmail: boolean }) {
  const [values, setValuesState] = useState(() => valuesFrom(user));
  const { errors, formRef, fail, recheck, clear } = useFieldErrors();

  function payloadOf({ email, role, ...rest }: ProfileValues) {
    return { ...rest, ...(includeEmail && { email }), ...(user.role !== 'admin' && { role }) };
  }

  /** A change to the values: an error shown goes as soon as its field is right. */
  function setValues(update: (current: ProfileValues) => ProfileValues) {
    const next = update(values);
    setValuesState(next);
    const checked = validate(profileUpdateSchema, payloadOf(next));
    recheck(checked.ok ? {} : checked.fieldErrors);
  }

  function reset() {
    setValuesState(valuesFrom(user));
    clear();
  }

  async function save(event: FormEvent): Promise<boolean> {
    event.preventDefault();
    const payload = payloadOf(values);
    const checked = validate(profileUpdateSchema, payload);
    if (!checked.ok) {
      fail(checked.fieldErrors);
      return false;
    }
    if (user.role === 'seller' && values.role === 'buyer' && !(await askToConfirm(SELLER_TO_BUYER_QUESTION))) return false;
    try {
      await mutate({ name: 'profile.update', args: payload });
      clear();
      toast({ title: 'Profile updated successfully', variant: 'success' });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) fail(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update profile', variant: 'destructive' });
      return false;
    }
  }

  return { values, setValues, errors, formRef, reset, save };
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
        <h2 className="font-semibold sm:col-span-2">Personal</h2>
        {text('firstName')}
        {text('lastName')}
        {text('email', { type: 'email', disabled: emailDisabled })}
        {text('phoneNumber', { type: 'tel' })}
      </Card>
      <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Business</h2>
        {values.role !== 'admin' && (
          <Field id={`${idPrefix}-role`} label="Account type">
            <Select
              id={`${idPrefix}-role`}
              value={values.role}
              disabled={!editing}
              onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as User['role'] }))}
            >
              <option value="seller">Seller (Cannabis Supplier)</option>
              <option value="buyer">Buyer (Dispensary/Retailer)</option>
            </Select>
          </Field>
        )}
        {values.role === 'buyer' ? text('companyName') : text('businessName')}
        {text('licenseNumber')}
        {text('address')}
        {text('city')}
        {text('state')}
        {text('zipCode')}
        <div className="sm:col-span-2">{text('contactInfo', { multiline: true })}</div>
      </Card>
      {values.role === 'seller' && (
        <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <h2 className="font-semibold">Menu brand</h2>
            <p className="text-sm text-stone-600">Your public menus and printed sheets open with your logo (the profile photo), business name, license number, contact details, this cover image and this colour.</p>
          </div>
          <div className="sm:col-span-2">
            <MenuCoverField
              id={`${idPrefix}-menuCoverUrl`}
              value={values.menuCoverUrl}
              editing={editing}
              error={errors.menuCoverUrl}
              onChange={(address) => setValues((current) => ({ ...current, menuCoverUrl: address }))}
            />
          </div>
          {text('accentColor', { placeholder: '#166534' })}
        </Card>
      )}
    </>
  );
}
