/**
 * The customer list as a table, at desktop widths: a click on a column's header
 * sorts the list on the server. The phone shows under the email, and the place
 * and business type under the business, so a row holds what a card does.
 */
import type { AccountRow, AccountSort } from '../../../sync/entities/admin';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { AccountActions } from './account-actions';
import { LicenseNumber, RoleBadge, StatusBadges } from './account-badges';
import type { AccountOrder } from './account-query';
import { accountBusinessName } from './accounts-csv';
import { formatDate } from './format-date';
import { TeamMembers } from './team-members';
import { BreakableText } from '../../components/ui/breakable-text';

const COLUMNS: Array<{ sort: AccountSort; label: string }> = [
  { sort: 'name', label: 'Name' },
  { sort: 'role', label: 'Role' },
  { sort: 'status', label: 'Status' },
  { sort: 'email', label: 'Email' },
  { sort: 'business', label: 'Business' },
  { sort: 'license', label: 'License' },
  { sort: 'joined', label: 'Joined' },
  { sort: 'trialEnd', label: 'Trial ends' },
];

type Props = { customers: AccountRow[]; order: AccountOrder; onSort: (sort: AccountSort) => void } & AccountActions;

export function AccountTable({ customers, order, onSort, onSetAccess, onView }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Customers</caption>
        <thead className="bg-stone-50 text-xs font-medium text-stone-700">
          <tr>
            {COLUMNS.map((column) => (
              <SortableHeader key={column.sort} label={column.label} sorted={order.sort === column.sort ? order.dir : null} onSort={() => onSort(column.sort)} />
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {customers.map((customer) => {
            const name = displayName(customer);
            return (
              <tr key={customer.id} className={customer.disabled ? 'bg-stone-100' : 'bg-white'}>
                <th scope="row" className="px-3 py-2 font-semibold break-words text-stone-900">
                  {name}
                </th>
                <td className="px-3 py-2">
                  <RoleBadge customer={customer} />
                </td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1.5">
                    <StatusBadges customer={customer} />
                  </span>
                </td>
                <td className="px-3 py-2">
                  <a href={`mailto:${customer.email}`} className="text-brand-800 underline-offset-2 hover:underline">
                    <BreakableText text={customer.email} />
                  </a>
                  {customer.phoneNumber && (
                    <a href={`tel:${customer.phoneNumber}`} className="block text-stone-700 underline-offset-2 hover:underline">
                      {customer.phoneNumber}
                    </a>
                  )}
                </td>
                <td className="px-3 py-2 break-words">
                  {accountBusinessName(customer)}
                  <SecondLine text={[customer.city, customer.state].filter(Boolean).join(', ')} />
                  <SecondLine text={customer.businessType} />
                  <TeamMembers row={customer} onSetAccess={onSetAccess} onView={onView} />
                </td>
                <td className="px-3 py-2">{customer.licenseNumber && <LicenseNumber number={customer.licenseNumber} shared={customer.licenseShared} />}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(customer.createdAt)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{customer.role === 'seller' ? formatDate(customer.trialEndsAt) : ''}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" aria-label={`Details for ${name}`} onClick={() => onView(customer)}>
                      Details
                    </Button>
                    <Button variant="outline" size="sm" aria-label={`${customer.disabled ? 'Enable' : 'Disable'} ${name}`} onClick={() => onSetAccess(customer)}>
                      {customer.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The smaller line under a cell's value: where the business is, and what kind it is. */
function SecondLine({ text }: { text: string | null }) {
  return text ? <span className="block text-xs text-stone-600">{text}</span> : null;
}

function SortableHeader({ label, sorted, onSort }: { label: string; sorted: 'asc' | 'desc' | null; onSort: () => void }) {
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className="px-3 py-2">
      <button type="button" onClick={onSort} className={cn('inline-flex items-center gap-1 rounded hover:text-stone-900', sorted && 'text-stone-900')}>
        {label}
        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}</span>
      </button>
    </th>
  );
}
