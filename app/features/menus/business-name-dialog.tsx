/**
 * Asked of a seller whose profile has no business name yet, when they save a
 * menu: the shared menu shows this name (and the contact) instead of an
 * anonymous placeholder. Saved as a profile edit, so it works offline too.
 */
import { useState, type FormEvent } from 'react';
import { AppError } from '../../../sync/contract/errors';
import { sellerContactSchema, type User } from '../../../sync/entities/user';
import { validate } from '../../../sync/contract/validation';
import { BusinessContactFields, type BusinessContactValues } from '../../widgets/account/business-contact-fields';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';

export function BusinessNameDialog({ user, onCancel, onSaved }: { user: User; onCancel: () => void; onSaved: () => void }) {
  const stored: BusinessContactValues = { businessName: '', phoneNumber: user.phoneNumber ?? '', contactInfo: user.contactInfo ?? '' };
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<Partial<Record<keyof BusinessContactValues, string>>>({});

  /** The name, and of the contact only what the seller changed here: contact info kept from the profile may be more than an email. */
  function changes() {
    return {
      businessName: values.businessName,
      ...(values.phoneNumber !== stored.phoneNumber && { phoneNumber: values.phoneNumber }),
      ...(values.contactInfo !== stored.contactInfo && { contactInfo: values.contactInfo }),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(sellerContactSchema, changes());
    if (!checked.ok) return setErrors(checked.fieldErrors);
    try {
      await mutate({ name: 'profile.update', args: changes() });
      onSaved();
    } catch (error) {
      if (error instanceof AppError && error.fieldErrors) setErrors(error.fieldErrors);
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'Failed to update profile', variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Put your name on your menu"
      description="Buyers who open your link see who you are and how to reach you. You can change this later in your profile."
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <BusinessContactFields
          idPrefix="menu-business"
          values={values}
          onChange={(next) => {
            setValues(next);
            setErrors({});
          }}
          errors={errors}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Not now
          </Button>
          <Button type="submit">Save and continue</Button>
        </div>
      </form>
    </Dialog>
  );
}
