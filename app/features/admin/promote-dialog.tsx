/** Asks the acting admin for their own password before someone becomes an admin, saying what follows. */
import { useState, type FormEvent } from 'react';
import { promotionInputSchema } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, invalidProps } from '../../components/ui/form-controls';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useCheckedFields } from '../../lib/field-errors';
import { toast } from '../../lib/toast-store';
import { ROLE_CONSEQUENCES, roleChangedToast } from './admin-labels';
import { reportFailure } from './report-failure';

export function PromoteDialog({ customer, onClose, onPromoted }: { customer: User; onClose: () => void; onPromoted: (updated: User) => void }) {
  const { formRef, values, set, errors, fail, checkedValues } = useCheckedFields(promotionInputSchema, { password: '' });
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkedValues();
    if (!checked) return;
    setSaving(true);
    try {
      const updated = await apiRequest<User>('PATCH', `/api/admin/customers/${encodeURIComponent(customer.id)}`, { role: 'admin', password: checked.password });
      toast(roleChangedToast(updated));
      onClose();
      onPromoted(updated);
    } catch (error) {
      // A wrong password shows under the box, where it can be typed again.
      if (error instanceof ApiError && error.fieldErrors.password) fail({ password: error.fieldErrors.password });
      else reportFailure(error, 'Failed to change the role');
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Make ${displayName(customer)} an admin?`}
      description={`${ROLE_CONSEQUENCES.admin} Enter your own password to confirm.`}
    >
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
        <Field id="promote-password" label="Your password" error={errors.password}>
          <PasswordInput
            id="promote-password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            shown={shown}
            onShownChange={setShown}
            {...invalidProps('promote-password', errors.password)}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            Make admin
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
