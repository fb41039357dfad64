import { describe, expect, it } from 'vitest';
import type { ProductCategory } from '../../../sync/contract/constants';
import { categoriesPresent, sortProducts } from './sort-products';

type Row = { id: string; strainName: string; pricePerUnit: string | null; thcPercentage: string | null; category: ProductCategory };

function row(id: string, overrides: Partial<Row> = {}): Row {
  return { id, strainName: id, pricePerUnit: null, thcPercentage: null, category: 'flower', ...overrides };
}

const ids = (rows: Row[]) => rows.map((product) => product.id);

describe('sortProducts', () => {
  const products = [
    row('a', { strainName: 'blue dream', pricePerUnit: '1450.00', thcPercentage: '22.10' }),
    row('b', { strainName: 'Apple Fritter', pricePerUnit: null, thcPercentage: '28.00' }),
    row('c', { strainName: 'Cherry Pie', pricePerUnit: '900.5', thcPercentage: null }),
    row('d', { strainName: 'Zkittlez', pricePerUnit: '12000.00', thcPercentage: '9.75' }),
  ];

  it('sorts by price from low to high with unpriced products last', () => {
    expect(ids(sortProducts(products, 'price-low'))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('sorts by price from high to low with unpriced products still last', () => {
    expect(ids(sortProducts(products, 'price-high'))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('compares prices as exact decimals, not as text', () => {
    const rows = [row('ten', { pricePerUnit: '10.00' }), row('nine', { pricePerUnit: '9.99' }), row('dime', { pricePerUnit: '0.1' })];
    expect(ids(sortProducts(rows, 'price-low'))).toEqual(['dime', 'nine', 'ten']);
  });

  it('tells apart prices a cent apart that floats would round together', () => {
    const rows = [row('high', { pricePerUnit: '99999999.99' }), row('low', { pricePerUnit: '99999999.98' })];
    expect(ids(sortProducts(rows, 'price-low'))).toEqual(['low', 'high']);
  });

  it('sorts by THC highest first with products without THC last', () => {
    expect(ids(sortProducts(products, 'thc'))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('sorts by name ignoring case', () => {
    expect(ids(sortProducts(products, 'name'))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('keeps the original order of products that compare equal', () => {
    const rows = [
      row('first', { strainName: 'OG', pricePerUnit: '5.00', thcPercentage: '20.00' }),
      row('none-1'),
      row('second', { strainName: 'og', pricePerUnit: '5', thcPercentage: '20' }),
      row('none-2'),
    ];
    expect(ids(sortProducts(rows, 'price-low'))).toEqual(['first', 'second', 'none-1', 'none-2']);
    expect(ids(sortProducts(rows, 'price-high'))).toEqual(['first', 'second', 'none-1', 'none-2']);
    expect(ids(sortProducts(rows, 'thc'))).toEqual(['first', 'second', 'none-1', 'none-2']);
    expect(ids(sortProducts([rows[0]!, rows[2]!], 'name'))).toEqual(['first', 'second']);
  });

  it('does not change the list it was given', () => {
    const input = [...products];
    const sorted = sortProducts(input, 'price-high');
    expect(sorted).not.toBe(input);
    expect(ids(input)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns an empty list for no products', () => {
    expect(sortProducts([], 'name')).toEqual([]);
  });
});

describe('categoriesPresent', () => {
  it('lists each category once, in the catalogue order rather than menu order', () => {
    const rows = [row('1', { category: 'vape' }), row('2', { category: 'flower' }), row('3', { category: 'vape' }), row('4', { category: 'edible' })];
    expect(categoriesPresent(rows)).toEqual(['flower', 'edible', 'vape']);
  });

  it('is empty for no products', () => {
    expect(categoriesPresent([])).toEqual([]);
  });
});

describe("the seller's order", () => {
  it('keeps the menu order as it is, without changing the input', () => {
    const products = [
      { strainName: 'Zkittlez', pricePerUnit: '5.00', thcPercentage: null },
      { strainName: 'Apple Fritter', pricePerUnit: '1.00', thcPercentage: '30.00' },
    ];
    const sorted = sortProducts(products, 'menu');
    expect(sorted.map((product) => product.strainName)).toEqual(['Zkittlez', 'Apple Fritter']);
    expect(sorted).not.toBe(products);
  });
});
