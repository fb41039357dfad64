import { describe, expect, it } from 'vitest';
import { skuHolder, skuTakenMessage } from './product-sku';

const catalogue = [
  { id: 'p1', sku: 'BD-1', strainName: 'Blue Dream' },
  { id: 'p2', sku: null, strainName: 'Sour Diesel' },
];

describe('skuHolder', () => {
  it('finds the other product that already has the SKU, as the server stores it (trimmed)', () => {
    expect(skuHolder(catalogue, '  BD-1 ', null)?.strainName).toBe('Blue Dream');
    expect(skuHolder(catalogue, 'BD-1', 'p2')?.id).toBe('p1');
  });

  it('finds none for a free or empty SKU, another spelling, or the product being edited itself', () => {
    expect(skuHolder(catalogue, 'BD-2', null)).toBeNull();
    expect(skuHolder(catalogue, '   ', null)).toBeNull();
    expect(skuHolder(catalogue, 'bd-1', null)).toBeNull();
    expect(skuHolder(catalogue, 'BD-1', 'p1')).toBeNull();
  });
});

describe('skuTakenMessage', () => {
  it('names the SKU and the product that has it', () => {
    expect(skuTakenMessage('BD-1', 'Blue Dream')).toBe('SKU BD-1 is already used by Blue Dream');
  });
});
