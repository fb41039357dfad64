import { describe, expect, it } from 'vitest';
import type { PriceList } from '../../../sync/entities/price-list';
import { parsePriceListCsv, priceListToCsv } from './price-list-csv';

const PRODUCTS = [
  { id: '00000000-0000-4000-8000-0000000000b1', strainName: 'Blue Dream', sku: 'BD-1', pricePerUnit: '1200.00' },
  { id: '00000000-0000-4000-8000-0000000000b2', strainName: 'Sour Diesel', sku: null, pricePerUnit: '900.00' },
];
const entries: PriceList['entries'] = [
  {
    productId: PRODUCTS[0]!.id,
    price: '1150.50',
    percentOff: null,
    hidden: false,
    minQuantity: '2.000',
    increment: '0.500',
    breaks: [{ minQuantity: '10.000', price: '1100.00' }],
  },
  { productId: PRODUCTS[1]!.id, price: null, percentOff: '12.50', hidden: true, minQuantity: null, increment: null, breaks: [] },
];

describe('a price list as CSV', () => {
  it('reads back exactly the entries it wrote', () => {
    const csv = priceListToCsv({ entries }, PRODUCTS);
    expect(csv.split('\r\n')[1]).toBe('Blue Dream,BD-1,1200.00,1150.50,,no,2.000,0.500,10.000 @ 1100.00,00000000-0000-4000-8000-0000000000b1');
    expect(parsePriceListCsv(csv, PRODUCTS)).toEqual({ entries, errors: [] });
  });

  it('finds products by SKU or name, reads prices as spreadsheets write them, and keeps cents exact', () => {
    const text = ['sku,product,your price,discount,hide,breaks', 'BD-1,,"$1,150.5",,,20 @ $1000', ',sour diesel,,12.5 %,yes,'].join('\n');
    expect(parsePriceListCsv(text, PRODUCTS).entries).toMatchObject([
      { productId: PRODUCTS[0]!.id, price: '1150.50', breaks: [{ minQuantity: '20.000', price: '1000.00' }] },
      { productId: PRODUCTS[1]!.id, percentOff: '12.50', hidden: true },
    ]);
  });

  it('gives no entries while a row is wrong, and names each bad cell by its row and field', () => {
    const text = ['strainName,price,percentOff,breaks', 'Blue Dream,10,5,', 'Unknown,1,,', 'Sour Diesel,1.001,,ten for less'].join('\n');
    const parsed = parsePriceListCsv(text, PRODUCTS);
    expect(parsed.entries).toBeUndefined();
    expect(parsed.errors.map(({ row, field }) => [row, field])).toEqual([
      [2, 'percentOff'],
      [3, 'productId'],
      [4, 'breaks'],
      [4, 'price'],
    ]);
  });
});
