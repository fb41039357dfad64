import { describe, expect, it } from 'vitest';
import { unitDiscount } from './line-discount';

describe('the discount of an order line', () => {
  it('is what was taken off the list price per unit, in exact cents', () => {
    expect(unitDiscount({ listPrice: '1200.00', unitPrice: '1050.00' })).toBe('150.00');
    expect(unitDiscount({ listPrice: '10.10', unitPrice: '9.99' })).toBe('0.11');
  });

  it('is none at the list price, above it, or without a list price', () => {
    expect(unitDiscount({ listPrice: '1200.00', unitPrice: '1200.00' })).toBeNull();
    expect(unitDiscount({ listPrice: '1200.00', unitPrice: '1250.00' })).toBeNull();
    expect(unitDiscount({ listPrice: null, unitPrice: '1200.00' })).toBeNull();
  });
});
