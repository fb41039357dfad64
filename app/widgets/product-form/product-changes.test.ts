import { describe, expect, it } from 'vitest';
import type { Product } from '../../../sync/entities/product';
import { changedFields, plainDecimal, sameValue } from './product-changes';

const product: Product = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  strainName: 'Blue Dream',
  description: null,
  category: 'flower',
  thcPercentage: '24.50',
  cbdPercentage: null,
  thcBelowDetection: false,
  cbdBelowDetection: false,
  pricePerUnit: '1200.00',
  unitType: 'lb',
  availableQuantity: '10.125',
  lotSize: 1,
  photoUrl: null,
  photoIds: [],
  labResultId: null,
  sku: null,
  metrcPackageLabel: null,
  batchNumber: null,
  labTestingState: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('sameValue', () => {
  it('treats equal decimals written differently as the same', () => {
    expect(sameValue('24.5', '24.50')).toBe(true);
    expect(sameValue('10', '10.000')).toBe(true);
    expect(sameValue('10.001', '10.000')).toBe(false);
  });

  it('treats blank and null as the same absence, but not as zero', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('0', null)).toBe(false);
  });

  it('compares text and numbers as they are', () => {
    expect(sameValue('Blue Dream', 'Blue Dream')).toBe(true);
    expect(sameValue('Blue Dream', 'blue dream')).toBe(false);
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
  });

  it('compares flags as flags, a flag a row kept from before it existed reading as unset', () => {
    expect(sameValue(true, true)).toBe(true);
    expect(sameValue(true, false)).toBe(false);
    expect(sameValue(undefined, false)).toBe(true);
    expect(sameValue(undefined, true)).toBe(false);
  });
});

describe('changedFields', () => {
  it('keeps only the fields that differ', () => {
    expect(
      changedFields(product, {
        strainName: 'Blue Dream',
        description: null,
        category: 'flower',
        thcPercentage: '24.50',
        cbdPercentage: null,
        pricePerUnit: '1100.00',
        unitType: 'lb',
        availableQuantity: '10.125',
        lotSize: 1,
      }),
    ).toEqual({ pricePerUnit: '1100.00' });
  });

  it('is empty when nothing changed', () => {
    expect(changedFields(product, { availableQuantity: '10.125', pricePerUnit: '1200.00' })).toEqual({});
  });

  it('names a cleared price (null) and a new stock count', () => {
    expect(changedFields(product, { availableQuantity: '0.000', pricePerUnit: null })).toEqual({ availableQuantity: '0.000', pricePerUnit: null });
  });

  it('names a potency that became below detection', () => {
    expect(changedFields(product, { thcPercentage: null, thcBelowDetection: true, cbdPercentage: null, cbdBelowDetection: false })).toEqual({
      thcPercentage: null,
      thcBelowDetection: true,
    });
  });

  it('skips fields left out', () => {
    expect(changedFields(product, { lotSize: 5, strainName: undefined })).toEqual({ lotSize: 5 });
  });
});

describe('plainDecimal', () => {
  it('drops trailing zeros for the input box', () => {
    expect(plainDecimal('10.000')).toBe('10');
    expect(plainDecimal('1200.50')).toBe('1200.5');
    expect(plainDecimal('10.125')).toBe('10.125');
    expect(plainDecimal('100')).toBe('100');
    expect(plainDecimal(null)).toBe('');
  });
});
