/**
 * The admin's customer export: built in the browser from the filtered list, a team once (its owner's
 * account holds its business and trial). Buyers never pay: N/A, and have no trial end.
 */
import { csvFile } from '../../../sync/rules/csv-cells';
import { type User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';

export const CUSTOMER_CSV_COLUMNS = ['Name', 'Email', 'Role', 'Business Name', 'Phone', 'Subscription Status', 'Created Date', 'License Number', 'Trial End'] as const;

export function accountBusinessName(customer: Pick<User, 'role' | 'businessName' | 'companyName'>): string {
  if (customer.businessName) return customer.businessName;
  return customer.role === 'buyer' ? (customer.companyName ?? '') : '';
}

export function accountsToCsv(customers: User[]): string {
  const rows = customers.map((customer) => [
    displayName(customer),
    customer.email,
    customer.role,
    accountBusinessName(customer),
    customer.phoneNumber ?? '',
    customer.role === 'seller' && customer.subscriptionStatus ? customer.subscriptionStatus : 'N/A',
    customer.createdAt.slice(0, 10),
    customer.licenseNumber ?? '',
    customer.role === 'seller' && customer.trialEndsAt ? customer.trialEndsAt.slice(0, 10) : '',
  ]);
  return csvFile(CUSTOMER_CSV_COLUMNS, rows);
}

export function accountsCsvFileName(now: Date): string {
  return `customers-${now.toISOString().slice(0, 10)}.csv`;
}
