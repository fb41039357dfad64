import type { Customer } from '../../../sync/entities/customer';

/** Whether a customer matches the search text: every word of it in the name, email, licence or a tag. */
export function matchesCustomer(customer: Pick<Customer, 'name' | 'email' | 'licenseNumber' | 'tags'>, search: string): boolean {
  const haystack = [customer.name, customer.email ?? '', customer.licenseNumber ?? '', ...customer.tags].join(' ').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
