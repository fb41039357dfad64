import { describe, expect, it } from 'vitest';
import { filterCustomers, type CustomerFilter } from './filter-customers';

type Row = Parameters<typeof filterCustomers>[0][number];

function row(id: string, overrides: Partial<Row>): Row & { id: string } {
  return { id, role: 'seller', firstName: null, lastName: null, email: `${id}@example.com`, businessName: null, companyName: null, ...overrides };
}

const customers = [
  row('ann', { firstName: 'Ann', lastName: 'Green', businessName: 'Lakeside Farms' }),
  row('bob', { role: 'buyer', firstName: 'Bob', lastName: 'Stone', companyName: 'Corner Dispensary' }),
  row('cara', { role: 'buyer', firstName: 'Cara', lastName: null, email: 'cara@greenleaf.com' }),
];

function ids(filter: CustomerFilter): string[] {
  return filterCustomers(customers, filter).map((customer) => customer.id);
}

describe('filterCustomers', () => {
  it('returns everyone for an empty search and role all', () => {
    expect(ids({ search: '', role: 'all' })).toEqual(['ann', 'bob', 'cara']);
    expect(ids({ search: '   ', role: 'all' })).toEqual(['ann', 'bob', 'cara']);
  });

  it('filters by role', () => {
    expect(ids({ search: '', role: 'seller' })).toEqual(['ann']);
    expect(ids({ search: '', role: 'buyer' })).toEqual(['bob', 'cara']);
  });

  it('searches first name, last name, email, business name and company name, ignoring case', () => {
    expect(ids({ search: 'BOB', role: 'all' })).toEqual(['bob']);
    expect(ids({ search: 'stone', role: 'all' })).toEqual(['bob']);
    expect(ids({ search: 'green', role: 'all' })).toEqual(['ann', 'cara']);
    expect(ids({ search: 'lakeside', role: 'all' })).toEqual(['ann']);
    expect(ids({ search: 'dispensary', role: 'all' })).toEqual(['bob']);
  });

  it('matches a full name across first and last name', () => {
    expect(ids({ search: ' ann green ', role: 'all' })).toEqual(['ann']);
  });

  it('combines search and role', () => {
    expect(ids({ search: 'green', role: 'buyer' })).toEqual(['cara']);
    expect(ids({ search: 'green', role: 'seller' })).toEqual(['ann']);
  });

  it('returns nothing when no field matches', () => {
    expect(ids({ search: 'nobody', role: 'all' })).toEqual([]);
  });
});
