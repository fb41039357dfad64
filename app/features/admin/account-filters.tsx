/** The customer list's search box and its role and status filters, all answered by the server. */
import { TRIAL_ENDING_DAYS } from '../../../sync/entities/admin';
import { Field, Input, Select } from '../../components/ui/form-controls';
import { SHARED_LICENSE_LABEL } from './account-badges';
import type { RoleFilter, StatusFilter } from './account-query';

const ROLE_OPTIONS: Array<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'seller', label: 'Sellers' },
  { value: 'buyer', label: 'Buyers' },
];

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'trial_ending', label: `Trial ends within ${TRIAL_ENDING_DAYS} days` },
  { value: 'past_due', label: 'Past due' },
  { value: 'lapsed', label: 'Lapsed (trial ended unpaid or canceled)' },
  { value: 'shared_license', label: SHARED_LICENSE_LABEL },
];

type Props = {
  searchInput: string;
  onSearchInput: (value: string) => void;
  role: RoleFilter;
  onRole: (role: RoleFilter) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
};

export function AccountFilters({ searchInput, onSearchInput, role, onRole, status, onStatus }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem] lg:grid-cols-[1fr_12rem_16rem]">
      <Field id="admin-customer-search" label="Search customers">
        <Input
          id="admin-customer-search"
          type="search"
          value={searchInput}
          onChange={(event) => onSearchInput(event.target.value)}
          placeholder="Name, email or business"
          autoComplete="off"
        />
      </Field>
      <Field id="admin-customer-role" label="Role">
        <Select id="admin-customer-role" value={role} onChange={(event) => onRole(event.target.value as RoleFilter)}>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="admin-customer-status" label="Status">
        <Select id="admin-customer-status" value={status} onChange={(event) => onStatus(event.target.value as StatusFilter)}>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
