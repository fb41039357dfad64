import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_CENTS } from './decimal';
import { lineTotal, lineTotalCents, orderLineProblem, orderTotal, totalsBeyondCents } from './order-request';

const gummies = { strainName: 'Gummies', unitType: 'unit' as const, lotSize: 48, availableQuantity: '3200.000', pricePerUnit: '7.75' };

describe('orderLineProblem', () => {
  it('refuses less than the lot size, naming the product and the minimum', () => {
    expect(orderLineProblem(gummies, '47')).toBe('Gummies: the minimum order is 48 units');
  });

  it('refuses more than is available', () => {
    expect(orderLineProblem({ ...gummies, availableQuantity: '60.500' }, '61')).toBe('Gummies: only 60.5 units available');
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

describe('totals beyond the last exact cent', () => {
  const line = (priceCents: number, quantityThousandths: number) => ({ strainName: 'Gelato', priceCents, quantityThousandths });

  it('counts up to the largest integer JavaScript holds exactly, in cents, and refuses a line one cent past it', () => {
    expect(MAX_TOTAL_CENTS).toBe(Number.MAX_SAFE_INTEGER);
    expect(totalsBeyondCents([line(MAX_TOTAL_CENTS, 1000)])).toBeNull();
    expect(totalsBeyondCents([null, line(MAX_TOTAL_CENTS + 1, 1000)])).toEqual({
      'lines.1': 'Gelato: this line would come to more than $90,071,992,547,409.91, more than an order can hold; order less',
    });
  });

  it('refuses the largest quantity at the largest price, which once came out as a rounded float', () => {
    // 9,999,999 lb at $99,999,999.99: 99,999,989,990,000,001 cents, past 2^53.
    expect(totalsBeyondCents([line(9_999_999_999, 9_999_999_000)])).toHaveProperty('lines.0');
  });

  it('refuses lines each exact whose sum is not, naming the order', () => {
    const half = Math.floor(MAX_TOTAL_CENTS / 2);
    expect(totalsBeyondCents([line(half, 1000), line(half + 1, 1000)])).toBeNull();
    expect(totalsBeyondCents([line(half, 1000), line(half + 2, 1000)])).toEqual({
      lines: 'This order would come to more than $90,071,992,547,409.91, more than an order can hold; split it into smaller orders',
    });
  });
});
