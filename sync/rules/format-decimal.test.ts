import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice, formatQuantity, isOutOfStock, unitWord } from './format-decimal';

describe('formatPrice', () => {
  it('formats dollars with thousands separators and cents', () => {
    expect(formatPrice('1450.00')).toBe('$1,450.00');
    expect(formatPrice('1234567.89')).toBe('$1,234,567.89');
    expect(formatPrice('999.99')).toBe('$999.99');
  });

  it('pads missing cents', () => {
    expect(formatPrice('12')).toBe('$12.00');
    expect(formatPrice('12.5')).toBe('$12.50');
    expect(formatPrice('0')).toBe('$0.00');
  });

  it('keeps the largest price exact', () => {
    expect(formatPrice('99999999.99')).toBe('$99,999,999.99');
  });

  it("shows an order's totals beyond one price's ceiling, up to the last exact cent", () => {
    expect(formatPrice('150000000.00')).toBe('$150,000,000.00');
    expect(formatPrice('90071992547409.91')).toBe('$90,071,992,547,409.91');
  });

  it('says price on request for no price or unreadable text', () => {
    expect(formatPrice(null)).toBe('Price on request');
    expect(formatPrice('abc')).toBe('Price on request');
  });
});

describe('formatQuantity', () => {
  it('drops trailing zeros and adds the unit', () => {
    expect(formatQuantity('18.000', 'lb')).toBe('18 lb');
    expect(formatQuantity('2.500', 'oz')).toBe('2.5 oz');
    expect(formatQuantity('10.125', 'g')).toBe('10.125 g');
    expect(formatQuantity('0.000', 'lb')).toBe('0 lb');
  });

  it('groups thousands', () => {
    expect(formatQuantity('12500.000', 'g')).toBe('12,500 g');
  });

  it('reads counted items in the plural except for one', () => {
    expect(formatQuantity('1.000', 'unit')).toBe('1 unit');
    expect(formatQuantity('5', 'unit')).toBe('5 units');
    expect(formatQuantity('0', 'unit')).toBe('0 units');
    expect(formatQuantity('100.000', 'unit')).toBe('100 units');
    expect(formatQuantity('1.5', 'unit')).toBe('1.5 units');
    expect(formatQuantity('1', 'lb')).toBe('1 lb');
    expect(formatQuantity('100', 'oz')).toBe('100 oz');
  });
});

describe('unitWord', () => {
  it('names the unit after a quantity as typed: one unit, any other number of units, weights as they are', () => {
    expect(unitWord('unit', '1')).toBe('unit');
    expect(unitWord('unit', ' 1.0 ')).toBe('unit');
    expect(unitWord('unit', '100')).toBe('units');
    expect(unitWord('unit', '')).toBe('units');
    expect(unitWord('unit')).toBe('units');
    expect(unitWord('lb', '100')).toBe('lb');
    expect(unitWord('g', '1')).toBe('g');
  });
});

describe('formatPercent', () => {
  it('shows two decimals', () => {
    expect(formatPercent('24.5')).toBe('24.50%');
    expect(formatPercent('0.30')).toBe('0.30%');
  });

  it('is null when there is no value', () => {
    expect(formatPercent(null)).toBeNull();
    expect(formatPercent('n/a')).toBeNull();
  });
});

describe('isOutOfStock', () => {
  it('reads an exact zero in any spelling as out of stock, and anything more as in stock', () => {
    expect(['0', '0.000', '0.0'].map(isOutOfStock)).toEqual([true, true, true]);
    expect(['0.001', '12', '1.5'].map(isOutOfStock)).toEqual([false, false, false]);
  });
});
