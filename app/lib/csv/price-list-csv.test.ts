import { describe, expect, it } from 'vitest';
import type { PriceListEntry } from '../../../sync/entities/price-list';
import { parsePriceListCsv, priceListToCsv } from './price-list-csv';

const products = [
  { id: '00000000-0000-4000-8000-000000000001', strainName: 'Blue Dream', sku: 'BD-1', pricePerUnit: '1200.00' },
  { id: '00000000-0000-4000-8000-000000000002', strainName: '=Gelato', sku: null, pricePerUnit: '900.00' },
  { id: '00000000-0000-4000-8000-000000000003', strainName: 'OG Kush', sku: null, pricePerUnit: null },
  { id: '00000000-0000-4000-8000-000000000004', strainName: 'OG Kush', sku: 'OG-2', pricePerUnit: '10.00' },
];
const entries: PriceListEntry[] = [
  {
    productId: '00000000-0000-4000-8000-000000000001',
    price: '1100.00',
    percentOff: null,
    hidden: false,
    minQuantity: '2.000',
    increment: '0.500',
    breaks: [
      { minQuantity: '10.000', price: '1000.00' },
      { minQuantity: '25.500', price: '950.00' },
    ],
  },
  { productId: '00000000-0000-4000-8000-000000000002', price: null, percentOff: '12.50', hidden: true, minQuantity: null, increment: null, breaks: [] },
];

describe('price list CSV', () => {
  it('reads back exactly the entries it wrote, one row per catalogue product', () => {
    const text = priceListToCsv(entries, products);
    expect(text.split('\r\n')[0]).toBe('product,sku,listPrice,price,percentOff,hidden,minQuantity,increment,breaks,productId');
    expect(text).toContain('Blue Dream,BD-1,1200.00,1100.00,,,2.000,0.500,"10@1000.00;25.5@950.00",00000000-0000-4000-8000-000000000001');
    expect(text).toContain("'=Gelato");
    const parsed = parsePriceListCsv(text, products);
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.every((row) => !row.error)).toBe(true);
    expect(parsed.entries).toEqual(entries);
  });

  it('reads a column named constructor or __proto__ as an unknown column, left out like any other', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const parsed = parsePriceListCsv('product,price,constructor,__proto__,Notes\nBlue Dream,1000,x,y,z\n', products);
    expect(parsed.error).toBeUndefined();
    expect(parsed.ignoredColumns).toEqual(['constructor', '__proto__', 'Notes']);
    expect(parsed.entries).toEqual(parsePriceListCsv('product,price\nBlue Dream,1000\n', products).entries);
    expect(parsed.entries).toHaveLength(1);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(inherited);
  });

  it('matches rows by SKU or strain name when there is no id, and skips rows with no terms', () => {
    const parsed = parsePriceListCsv('Strain Name,SKU,Your price,Discount,Hide\nblue dream,,"$1,050",,\nx,og-2,,10%,\nOG Kush,,,,yes\nNope,,5,,\nBlue Dream,,,,\n', products);
    expect(parsed.rows.map((row) => [row.line, row.label, row.error])).toEqual([
      [2, 'Blue Dream', undefined],
      [3, 'OG Kush', undefined],
      [4, 'OG Kush', 'Several products are named OG Kush: add the SKU or the productId'],
      [5, 'Nope', 'No product in the catalogue matches Nope'],
    ]);
    expect(parsed.entries.map((entry) => [entry.productId, entry.price, entry.percentOff])).toEqual([
      ['00000000-0000-4000-8000-000000000001', '1050.00', null],
      ['00000000-0000-4000-8000-000000000004', null, '10.00'],
    ]);
  });

  it('gives each bad row its own error', () => {
    const parsed = parsePriceListCsv(
      ['product,price,percentOff,hidden,breaks', 'Blue Dream,10,5,,', 'Blue Dream,9,,,', "'=Gelato,,,maybe,", '=Gelato,,,,10-5'].join('\n'),
      products,
    );
    expect(parsed.rows.map((row) => row.error)).toEqual([
      'Give a price or a percentage off, not both',
      'Row 2 already sets Blue Dream',
      'Hidden must be yes or no, not "maybe"',
      'Row 4 already sets =Gelato',
    ]);
    expect(parsed.entries).toEqual([]);
    expect(parsePriceListCsv('product,breaks\nOG Kush,10-5\n', products.slice(3)).rows[0]?.error).toMatch(/quantity@price/);
    expect(parsePriceListCsv('', products).error).toBe('The file is empty.');
    expect(parsePriceListCsv('price\n5\n', products).error).toMatch(/no product, sku or productId column/);
  });
});
