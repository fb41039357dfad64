import type { User } from '../../../sync/entities/user';

export type CustomerRoleFilter = 'all' | 'seller' | 'buyer';
export type CustomerFilter = { search: string; role: CustomerRoleFilter };

type Searchable = Pick<User, 'role' | 'firstName' | 'lastName' | 'email' | 'businessName' | 'companyName'>;

function searchableText(customer: Searchable): string[] {
  const fullName = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return [customer.firstName, customer.lastName, fullName, customer.email, customer.businessName, customer.companyName]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
}

export function filterCustomers<T extends Searchable>(customers: T[], filter: CustomerFilter): T[] {
  const query = filter.search.trim().toLowerCase();
  return customers.filter((customer) => {
    if (filter.role !== 'all' && customer.role !== filter.role) return false;
    if (!query) return true;
    return searchableText(customer).some((text) => text.includes(query));
  });
}
