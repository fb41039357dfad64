/**
 * A customer's detail panel: profile and team, menus, products, sign-ins, billing, their audit entries, and a trial
 * extension for a seller business (a team's trial is its owner's: a member who joined it has none of their own).
 */
import { useState, type FormEvent } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { MAX_TRIAL_EXTENSION_DAYS, type AccountDetail, type AccountRef } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form-controls';
import { apiRequest, messageOf } from '../../lib/api-client';
import { askToConfirm } from '../../lib/confirm-store';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { toast } from '../../lib/toast-store';
import { humanize, ROLE_CONSEQUENCES, roleChangedToast, subscriptionLabel } from './admin-labels';
import { AuditEntries } from './audit-entries';
import { accountBusinessName } from './accounts-csv';
import { LicenseNumber } from './account-badges';
import { DetailField } from './detail-field';
import { formatDate, formatDateTime } from './format-date';
import { PromoteDialog } from './promote-dialog';
import { reportFailure } from './report-failure';

export function AccountDetailDialog({ customer, onClose, onChanged }: { customer: AccountRef; onClose: () => void; onChanged: (updated: User) => void }) {
  const read = useServerRead(apiReads.adminAccount(customer.id));
  const reload = read.retry;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={displayName(customer)} description={customer.email} className="max-w-2xl">
      {read.loading && (
        <p role="status" className="py-6 text-center text-stone-700">
          Loading customer...
        </p>
      )}
      {!read.data && read.error !== null && (
        <div className="grid justify-items-center gap-3 py-4">
          <p role="alert" className="text-red-700">
            {messageOf(read.error, 'Failed to load the customer.')}
          </p>
          <Button variant="outline" onClick={reload}>
            Try Again
          </Button>
        </div>
      )}
      {read.data && (
        <DetailBody
          detail={read.data}
          onChanged={(updated) => {
            onChanged(updated);
            reload();
          }}
        />
      )}
    </Dialog>
  );
}

function DetailBody({ detail, onChanged }: { detail: AccountDetail; onChanged: (updated: User) => void }) {
  const { customer, team } = detail;
  const joinedTeam = team !== null && team.id !== customer.id;
  const isSellerBusiness = customer.role === 'seller' && !joinedTeam;
  return (
    <div className="grid gap-5">
      <section aria-labelledby="detail-profile">
        <h3 id="detail-profile" className="mb-2 font-semibold text-stone-900">
          Profile
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <DetailField label="Role">{humanize(customer.role)}</DetailField>
          <DetailField label="Business">{accountBusinessName(customer)}</DetailField>
          {team && <DetailField label="Team">{`${team.name ?? 'Unnamed team'} (${humanize(team.role)})`}</DetailField>}
          <DetailField label="Phone">{customer.phoneNumber}</DetailField>
          <DetailField label="Location">{[customer.address, customer.city, customer.state, customer.zipCode].filter(Boolean).join(', ')}</DetailField>
          <DetailField label="License">{customer.licenseNumber && <LicenseNumber number={customer.licenseNumber} shared={detail.licenseShared} />}</DetailField>
          <DetailField label="Business type">{customer.businessType}</DetailField>
          <DetailField label="Joined">{formatDate(customer.createdAt)}</DetailField>
          <DetailField label="Account">{customer.disabled ? 'Disabled' : 'Enabled'}</DetailField>
        </dl>
        <ChangeRoleForm customer={customer} onChanged={onChanged} />
      </section>

      <section aria-labelledby="detail-activity">
        <h3 id="detail-activity" className="mb-2 font-semibold text-stone-900">
          Activity
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <DetailField label="Last sign-in">{detail.lastSignInAt ? formatDateTime(detail.lastSignInAt) : 'Never'}</DetailField>
          <DetailField label="Open sessions">{String(detail.openSessions)}</DetailField>
          <DetailField label="Email confirmed">{detail.emailConfirmed ? `Yes, on ${formatDate(detail.customer.emailConfirmedAt)}` : 'Not yet'}</DetailField>
          <DetailField label="Products">{String(detail.productCount)}</DetailField>
        </dl>
      </section>

      <section aria-labelledby="detail-subscription">
        <h3 id="detail-subscription" className="mb-2 font-semibold text-stone-900">
          Subscription
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {!joinedTeam && <DetailField label="Status">{subscriptionLabel(customer)}</DetailField>}
          {isSellerBusiness && <DetailField label="Trial ends">{formatDate(customer.trialEndsAt)}</DetailField>}
        </dl>
        {joinedTeam && (
          <p className="text-sm text-stone-700">
            {`${displayName(customer)} is a ${team.role} of ${team.name ?? 'a team'}: the team's subscription and trial are on its owner's account, where the trial can be extended.`}
          </p>
        )}
        {detail.stripeDashboardUrl && (
          <a href={detail.stripeDashboardUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
            Open in the Stripe dashboard
          </a>
        )}
        {isSellerBusiness && <ExtendTrialForm customer={customer} onExtended={onChanged} />}
      </section>

      <section aria-labelledby="detail-menus">
        <h3 id="detail-menus" className="mb-2 font-semibold text-stone-900">
          Menus ({detail.menus.length})
        </h3>
        {detail.menus.length === 0 ? (
          <p className="text-sm text-stone-700">No menus.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {detail.menus.map((menu) => (
              <li key={menu.id}>
                <a href={`/menu/${menu.publicLinkId}`} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
                  {menu.name}
                </a>
                <span className="text-stone-700"> · {menu.isPublic ? 'Public' : 'Private link'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="detail-audit">
        <h3 id="detail-audit" className="mb-2 font-semibold text-stone-900">
          Audit entries
        </h3>
        {detail.audit.length === 0 ? <p className="text-sm text-stone-700">No admin has acted on this account.</p> : <AuditEntries entries={detail.audit} showTarget={false} />}
      </section>
    </div>
  );
}

/**
 * An admin changes a customer's role after saying yes to what follows, or,
 * to make them an admin, after giving their own password again; the server
 * refuses demoting oneself or the last admin.
 */
function ChangeRoleForm({ customer, onChanged }: { customer: User; onChanged: (updated: User) => void }) {
  const [role, setRole] = useState<User['role']>(customer.role);
  const [saving, setSaving] = useState(false);
  const [promoting, setPromoting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (role === customer.role) return;
    if (role === 'admin') {
      setPromoting(true);
      return;
    }
    const confirmed = await askToConfirm({
      title: `Make ${displayName(customer)} a ${role}?`,
      description: ROLE_CONSEQUENCES[role],
      confirmLabel: 'Change role',
    });
    if (!confirmed) return;
    setSaving(true);
    try {
      const updated = await apiRequest<User>('PATCH', `/api/admin/customers/${encodeURIComponent(customer.id)}`, { role });
      toast(roleChangedToast(updated));
      onChanged(updated);
    } catch (error) {
      reportFailure(error, 'Failed to change the role');
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="w-40">
          <Field id="change-role" label="Role">
            <Select id="change-role" value={role} onChange={(event) => setRole(event.target.value as User['role'])}>
              <option value="seller">Seller</option>
              <option value="buyer">Buyer</option>
              <option value="admin">Admin</option>
            </Select>
          </Field>
        </div>
        <Button type="submit" variant="outline" disabled={saving || role === customer.role}>
          Change role
        </Button>
      </form>
      {/* Outside the form: its own form's submit would otherwise bubble, through React's tree, into this one. */}
      {promoting && <PromoteDialog customer={customer} onClose={() => setPromoting(false)} onPromoted={onChanged} />}
    </>
  );
}

function ExtendTrialForm({ customer, onExtended }: { customer: User; onExtended: (updated: User) => void }) {
  const [days, setDays] = useState('7');
  const [saving, setSaving] = useState(false);
  if (customer.subscriptionStatus === 'active' || customer.subscriptionStatus === 'past_due') return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const updated = await apiRequest<User>('POST', `/api/admin/customers/${encodeURIComponent(customer.id)}/extend-trial`, { days: Number(days) });
      toast({ title: 'Trial extended', description: `${displayName(updated)}'s trial now ends ${formatDate(updated.trialEndsAt)}.`, variant: 'success' });
      onExtended(updated);
    } catch (error) {
      reportFailure(error, 'Failed to extend the trial');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="w-40">
        <Field id="extend-trial-days" label="Extend trial by (days)">
          <Input id="extend-trial-days" type="number" min={1} max={MAX_TRIAL_EXTENSION_DAYS} step={1} required value={days} onChange={(event) => setDays(event.target.value)} />
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={saving}>
        Extend trial
      </Button>
    </form>
  );
}
