/**
 * The profile's fields (those of PUT /api/auth/user), shared by the profile
 * page and the Update Profile dialog. Saving is a sync mutation, so it works
 * offline.
 */
import { useState, type FormEvent } from 'react';
import { AppError } from '../../../sync/errors';
import { profileUpdateSchema, type User } from '../../../sync/entities/user';
import { validate } from '../../../sync/validation';
import { Card } from '../../components/ui/card';
import { Field, Input, Select, Textarea } from '../../components/ui/form-controls';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';

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
};

function valuesFrom(user: User): ProfileFormValues {
  const values = { role: user.role } as ProfileFormValues;
  for (const field of TEXT_FIELDS) values[field] = user[field] ?? '';
  return values;
}

/** The form's state; `save` resolves true when the change was saved on the device. */
export function useProfileForm(user: User) {
  const [values, setValues] = useState(() => valuesFrom(user));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset() {
    setValues(valuesFrom(user));
    setErrors({});
  }

  async function save(event: FormEvent, options: { includeEmail: boolean }): Promise<boolean> {
    event.preventDefault();
    const { email, role, ...rest } = values;
    const payload = { ...rest, ...(options.includeEmail && { email }), ...(user.role !== 'admin' && { role }) };
    const checked = validate(profileUpdateSchema, payload);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return false;
    }
    try {
      await mutate({ name: 'profile.update', args: payload });
      setErrors({});
      toast({ title: 'Profile updated successfully', variant: 'success' });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) setErrors(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update profile', variant: 'destructive' });
      return false;
    }
  }

  return { values, setValues, errors, reset, save };
}

export function ProfileFields({
  form,
  editing,
  emailDisabled,
  idPrefix,
}: {
  form: ReturnType<typeof useProfileForm>;
  editing: boolean;
  emailDisabled: boolean;
  idPrefix: string;
}) {
  const { values, setValues, errors } = form;
  const text = (field: TextField, options: { type?: string; multiline?: boolean; disabled?: boolean } = {}) => {
    const id = `${idPrefix}-${field}`;
    const onChange = (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
    const disabled = !editing || options.disabled;
    return (
      <Field id={id} label={LABELS[field]} error={errors[field]}>
        {options.multiline ? (
          <Textarea id={id} value={values[field]} disabled={disabled} onChange={onChange} />
        ) : (
          <Input id={id} type={options.type ?? 'text'} value={values[field]} disabled={disabled} onChange={onChange} />
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
    </>
  );
}
