import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, CATALOGUE_SORT_LABELS, isCatalogueSort, sortCatalogue, type SortableProduct } from './sort-catalogue';

let counter = 0;
function product(overrides: Partial<SortableProduct> & { strainName: string }): SortableProduct {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    pricePerUnit: null,
    thcPercentage: null,
    availableQuantity: '0.000',
    createdAt: `2025-01-${String(counter).padStart(2, '0')}T00:00:00.000Z`,
    ...overrides,
  };
}

const namesOf = (products: SortableProduct[]) => products.map((item) => item.strainName);

describe('sortCatalogue', () => {
  it('sorts by name A to Z, ignoring case and reading numbers as numbers', () => {
    const list = [
      product({ strainName: 'zkittlez' }),
      product({ strainName: 'Blue Dream' }),
      product({ strainName: 'OG 10' }),
      product({ strainName: 'og 9' }),
      product({ strainName: 'apple fritter' }),
    ];
    expect(namesOf(sortCatalogue(list, 'name'))).toEqual(['apple fritter', 'Blue Dream', 'og 9', 'OG 10', 'zkittlez']);
  });

  it('compares prices as exact decimals, both ways, with unpriced products last', () => {
    const list = [
      product({ strainName: 'Unpriced', pricePerUnit: null }),
      product({ strainName: 'Ten cents', pricePerUnit: '0.10' }),
      product({ strainName: 'Big', pricePerUnit: '1200.00' }),
      product({ strainName: 'Nine', pricePerUnit: '9.99' }),
      product({ strainName: 'Twenty cents', pricePerUnit: '0.2' }),
      product({ strainName: 'Huge', pricePerUnit: '99999999.99' }),
    ];
    expect(namesOf(sortCatalogue(list, 'price-low'))).toEqual(['Ten cents', 'Twenty cents', 'Nine', 'Big', 'Huge', 'Unpriced']);
    expect(namesOf(sortCatalogue(list, 'price-high'))).toEqual(['Huge', 'Big', 'Nine', 'Twenty cents', 'Ten cents', 'Unpriced']);
  });

  it('does not let float rounding decide: 0.1 + 0.2 style values compare exactly', () => {
    const list = [product({ strainName: 'A', pricePerUnit: '0.30' }), product({ strainName: 'B', pricePerUnit: '0.29' }), product({ strainName: 'C', pricePerUnit: '0.31' })];
    expect(namesOf(sortCatalogue(list, 'price-low'))).toEqual(['B', 'A', 'C']);
  });

  it('sorts THC high to low with products without THC last', () => {
    const list = [
      product({ strainName: 'None', thcPercentage: null }),
      product({ strainName: 'Low', thcPercentage: '0.50' }),
      product({ strainName: 'Max', thcPercentage: '100.00' }),
      product({ strainName: 'Mid', thcPercentage: '24.5' }),
      product({ strainName: 'Blank', thcPercentage: '' }),
    ];
    // Both without THC go last; between them the newer (Blank) comes first.
    expect(namesOf(sortCatalogue(list, 'thc'))).toEqual(['Max', 'Mid', 'Low', 'Blank', 'None']);
  });

  it('sorts quantity high to low to the thousandth, unreadable quantities last', () => {
    const list = [
      product({ strainName: 'Ten', availableQuantity: '10.000' }),
      product({ strainName: 'Broken', availableQuantity: 'lots' }),
      product({ strainName: 'Ten and a bit', availableQuantity: '10.001' }),
      product({ strainName: 'Zero', availableQuantity: '0.000' }),
      product({ strainName: 'Nine', availableQuantity: '9.999' }),
    ];
    expect(namesOf(sortCatalogue(list, 'quantity'))).toEqual(['Ten and a bit', 'Ten', 'Nine', 'Zero', 'Broken']);
  });

  it('puts the newest first by default and breaks ties by newest, then name', () => {
    const old = product({ strainName: 'Old', createdAt: '2024-01-01T00:00:00.000Z', pricePerUnit: '5.00' });
    const fresh = product({ strainName: 'Fresh', createdAt: '2025-06-01T00:00:00.000Z', pricePerUnit: '5.00' });
    const sameTimeB = product({ strainName: 'Beta', createdAt: '2025-03-01T00:00:00.000Z' });
    const sameTimeA = product({ strainName: 'alpha', createdAt: '2025-03-01T00:00:00.000Z' });
    expect(namesOf(sortCatalogue([old, sameTimeB, fresh, sameTimeA], 'newest'))).toEqual(['Fresh', 'alpha', 'Beta', 'Old']);
    // Same price: the newer one first.
    expect(namesOf(sortCatalogue([old, fresh], 'price-low'))).toEqual(['Fresh', 'Old']);
  });

  it('returns a copy and leaves the input alone', () => {
    const list = [product({ strainName: 'B' }), product({ strainName: 'A' })];
    const sorted = sortCatalogue(list, 'name');
    expect(namesOf(list)).toEqual(['B', 'A']);
    expect(sorted).not.toBe(list);
  });

  it('has a label for every option and recognises only its own values', () => {
    for (const sort of CATALOGUE_SORTS) expect(CATALOGUE_SORT_LABELS[sort]).toBeTruthy();
    expect(isCatalogueSort('price-low')).toBe(true);
    expect(isCatalogueSort('cheapest')).toBe(false);
    expect(isCatalogueSort(undefined)).toBe(false);
  });
});
