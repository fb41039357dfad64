import { describe, expect, it } from 'vitest';
import { matchesCustomer } from './customer-search';

const customer = { name: 'Green Leaf', email: 'buy@greenleaf.example', licenseNumber: 'C10-0000001', tags: ['North', 'vip'] };

describe('customer search', () => {
  it('finds a customer by name, email, licence or tag, every word counting', () => {
    expect(matchesCustomer(customer, '')).toBe(true);
    expect(matchesCustomer(customer, 'green')).toBe(true);
    expect(matchesCustomer(customer, 'greenleaf.example')).toBe(true);
    expect(matchesCustomer(customer, 'c10-0000001')).toBe(true);
    expect(matchesCustomer(customer, 'north leaf')).toBe(true);
    expect(matchesCustomer(customer, 'north south')).toBe(false);
  });
});
