import { describe, expect, it } from 'vitest';
import { quoteDifferences } from './quote-differences';

const line = { productId: 'p1', strainName: 'Haze', unitType: 'oz', quantity: '10.000', unitPrice: '11.00', listPrice: '12.50', lineTotal: '110.00', deliveredQuantity: null };

describe('what the server answered beside what the cart showed', () => {
  it('says nothing when they agree', () => {
    expect(quoteDifferences({ lines: [line], paymentTerms: 'net15' }, { lines: [line], total: '110.00', paymentTerms: 'net15' })).toEqual([]);
  });

  it('names each price, quantity, total and terms that differ', () => {
    const answered = { ...line, unitPrice: '12.50', lineTotal: '125.00' };
    expect(quoteDifferences({ lines: [line], paymentTerms: 'cod' }, { lines: [answered], total: '125.00', paymentTerms: 'net15' })).toEqual([
      'Haze: $12.50, not $11.00',
      'Total: $125.00, not $110.00',
      'Payment terms: Net 15, not Cash on delivery',
    ]);
  });
});
