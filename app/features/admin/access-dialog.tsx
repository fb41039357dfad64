/** Asks before an account is disabled or enabled, saying what follows. */
import { useState } from 'react';
import type { AccountRef } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { apiRequest } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';
import { reportFailure } from './report-failure';

export function AccessDialog({ customer, onClose, onChanged }: { customer: AccountRef; onClose: () => void; onChanged: (updated: User) => void }) {
  const [saving, setSaving] = useState(false);
  const disabling = !customer.disabled;
  const name = displayName(customer);

  async function confirm() {
    setSaving(true);
    try {
      const updated = await apiRequest<User>('PATCH', `/api/admin/customers/${encodeURIComponent(customer.id)}`, { disabled: disabling });
      onChanged(updated);
      toast({
        title: disabling ? 'Customer disabled' : 'Customer enabled',
        description: disabling ? `${name} can no longer sign in.` : `${name} can sign in again.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      reportFailure(error, disabling ? 'Failed to disable customer' : 'Failed to enable customer');
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? `${name} is signed out on every device at once, and signing in is refused until you enable the account again. Their menus and products stay as they are.`
          : `${name} can sign in again with their existing password. Nothing else about the account changes.`
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant={disabling ? 'destructive' : 'primary'} onClick={() => void confirm()} disabled={saving}>
          {disabling ? 'Disable account' : 'Enable account'}
        </Button>
      </div>
    </Dialog>
  );
}
