/** The user's own profile: view, then Edit, Save or Cancel (which restores the fields). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { avatarInitial, dashboardPathFor, displayName, profileUpdateSchema, type User } from '../../../sync/entities/user';
import { AppError } from '../../../sync/errors';
import { validate } from '../../../sync/validation';
import { PageBody } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select, Textarea } from '../../components/ui/form-controls';
import { mutate } from '../../lib/replica/mutate';
import { useSession } from '../../lib/session-store';
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
type ProfileForm = Record<TextField, string> & { role: User['role'] };

function formFrom(user: User): ProfileForm {
  const form = { role: user.role } as ProfileForm;
  for (const field of TEXT_FIELDS) form[field] = user[field] ?? '';
  return form;
}

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

export function ProfilePage() {
  const user = useSession((state) => state.user)!;
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(() => formFrom(user));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function cancel() {
    setForm(formFrom(user));
    setErrors({});
    setEditing(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const payload = { ...form, ...(user.role === 'admin' && { role: undefined }) };
    const checked = validate(profileUpdateSchema, payload);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return;
    }
    try {
      await mutate({ name: 'profile.update', args: payload });
      setErrors({});
      setEditing(false);
      toast({ title: 'Profile updated successfully', variant: 'success' });
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) setErrors(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update profile', variant: 'destructive' });
    }
  }

  const text = (field: TextField, options: { type?: string; multiline?: boolean } = {}) => (
    <Field id={`profile-${field}`} label={LABELS[field]} error={errors[field]}>
      {options.multiline ? (
        <Textarea
          id={`profile-${field}`}
          value={form[field]}
          disabled={!editing}
          onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
        />
      ) : (
        <Input
          id={`profile-${field}`}
          type={options.type ?? 'text'}
          value={form[field]}
          disabled={!editing}
          onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <PageBody>
      <Link to={dashboardPathFor(user.role)} className="text-sm font-medium text-brand-800 hover:underline">
        ← Back to dashboard
      </Link>
      <form onSubmit={save} noValidate className="grid grid-cols-1 gap-6">
        <Card className="flex flex-wrap items-center gap-4 p-4">
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="" className="h-16 w-16 rounded-full object-cover" />
          ) : (
            <span aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white">
              {avatarInitial(user)}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{displayName(user)}</h1>
            <p className="text-stone-600 capitalize">{user.role}</p>
          </div>
          <div className="flex gap-2">
            {editing ? (
              <>
                <Button variant="outline" onClick={cancel}>
                  Cancel
                </Button>
                <Button type="submit">
                  Save
                </Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>Edit</Button>
            )}
          </div>
        </Card>
        <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
          <h2 className="font-semibold sm:col-span-2">Personal</h2>
          {text('firstName')}
          {text('lastName')}
          {text('email', { type: 'email' })}
          {text('phoneNumber', { type: 'tel' })}
        </Card>
        <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2">
          <h2 className="font-semibold sm:col-span-2">Business</h2>
          {user.role !== 'admin' && (
            <Field id="profile-role" label="Account type">
              <Select
                id="profile-role"
                value={form.role}
                disabled={!editing}
                onChange={(event) => setForm((current) => ({ ...current, role: event.target.value as User['role'] }))}
              >
                <option value="seller">Seller (Cannabis Supplier)</option>
                <option value="buyer">Buyer (Dispensary/Retailer)</option>
              </Select>
            </Field>
          )}
          {form.role === 'buyer' ? text('companyName') : text('businessName')}
          {text('licenseNumber')}
          {text('address')}
          {text('city')}
          {text('state')}
          {text('zipCode')}
          <div className="sm:col-span-2">{text('contactInfo', { multiline: true })}</div>
        </Card>
      </form>
    </PageBody>
  );
}
