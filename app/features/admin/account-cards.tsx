/** The customer list as cards, for phones and narrow windows. */
import type { AccountRow } from '../../../sync/entities/admin';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { AccountActions } from './account-actions';
import { LicenseNumber, RoleBadge, StatusBadges } from './account-badges';
import { accountBusinessName } from './accounts-csv';
import { DetailField } from './detail-field';
import { formatDate } from './format-date';
import { TeamMembers } from './team-members';
import { BreakableText } from '../../components/ui/breakable-text';

export function AccountCards({ customers, onSetAccess, onView }: { customers: AccountRow[] } & AccountActions) {
  return (
    <ul className="grid gap-3">
      {customers.map((customer) => (
        <AccountCard key={customer.id} customer={customer} onSetAccess={onSetAccess} onView={onView} />
      ))}
    </ul>
  );
}

function AccountCard({ customer, onSetAccess, onView }: { customer: AccountRow } & AccountActions) {
  const name = displayName(customer);
  const place = [customer.city, customer.state].filter(Boolean).join(', ');
  return (
    <li className={cn('rounded-lg border border-stone-200 p-4', customer.disabled ? 'bg-stone-100' : 'bg-white')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <RoleBadge customer={customer} />
            <StatusBadges customer={customer} />
          </div>
        </div>
        <div className="flex gap-2 self-start">
          <Button variant="outline" size="sm" aria-label={`Details for ${name}`} onClick={() => onView(customer)}>
            Details
          </Button>
          <Button variant="outline" size="sm" aria-label={`${customer.disabled ? 'Enable' : 'Disable'} ${name}`} onClick={() => onSetAccess(customer)}>
            {customer.disabled ? 'Enable' : 'Disable'}
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <DetailField label="Email">
          <a href={`mailto:${customer.email}`} className="break-words text-brand-800 underline-offset-2 hover:underline">
            <BreakableText text={customer.email} />
          </a>
        </DetailField>
        <DetailField label="Phone">
          {customer.phoneNumber && (
            <a href={`tel:${customer.phoneNumber}`} className="text-brand-800 underline-offset-2 hover:underline">
              {customer.phoneNumber}
            </a>
          )}
        </DetailField>
        <DetailField label="Business">{accountBusinessName(customer)}</DetailField>
        <DetailField label="Location">{place}</DetailField>
        <DetailField label="License">{customer.licenseNumber && <LicenseNumber number={customer.licenseNumber} shared={customer.licenseShared} />}</DetailField>
        <DetailField label="Business type">{customer.businessType}</DetailField>
        <DetailField label="Joined">{formatDate(customer.createdAt)}</DetailField>
        {customer.role === 'seller' && <DetailField label="Trial ends">{formatDate(customer.trialEndsAt)}</DetailField>}
      </dl>
      <TeamMembers row={customer} onSetAccess={onSetAccess} onView={onView} />
    </li>
  );
}
