import { describe, expect, it } from 'vitest';
import { lineTotal, lineTotalCents, orderLineProblem, orderTotal } from './order-request';

const gummies = { strainName: 'Gummies', unitType: 'unit' as const, lotSize: 48, availableQuantity: '3200.000', pricePerUnit: '7.75' };

describe('orderLineProblem', () => {
  it('refuses less than the lot size, naming the product and the minimum', () => {
    expect(orderLineProblem(gummies, '47')).toBe('Gummies: the minimum order is 48 unit');
  });

  it('refuses more than is available', () => {
    expect(orderLineProblem({ ...gummies, availableQuantity: '60.500' }, '61')).toBe('Gummies: only 60.5 unit available');
  });

  it('asks for a quantity when there is none', () => {
    expect(orderLineProblem(gummies, '')).toBe('Gummies: enter a quantity');
    expect(orderLineProblem(gummies, '0')).toBe('Gummies: enter a quantity');
  });

  it('accepts a quantity between the two', () => {
    expect(orderLineProblem(gummies, '48')).toBeNull();
    expect(orderLineProblem(gummies, '3200')).toBeNull();
  });
});

describe('totals', () => {
  it('multiplies exactly and rounds half up to the cent', () => {
    expect(lineTotalCents(145000, 2500)).toBe(362500);
    expect(lineTotalCents(33, 500)).toBe(17);
    expect(lineTotal({ pricePerUnit: '0.33' }, '0.5')).toBe('0.17');
    expect(lineTotal({ pricePerUnit: '1450.00' }, '2.5')).toBe('3625.00');
  });

  it('has no total when a line has no price', () => {
    expect(lineTotal({ pricePerUnit: null }, '2')).toBeNull();
    expect(orderTotal(['10.00', null])).toBeNull();
    expect(orderTotal(['10.05', '0.17'])).toBe('10.22');
    // Above one price's ceiling: a big order still has a total.
    expect(orderTotal(['99999999.99', '99999999.99'])).toBe('199999999.98');
  });
});
