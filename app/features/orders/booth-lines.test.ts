import { describe, expect, it } from 'vitest';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { boothLinesReady, boothTotal, customerTerms, plainQuantity, priceBoothLines } from './booth-lines';

const product = { id: 'p1', strainName: 'Blue Dream', unitType: 'lb', pricePerUnit: '1200.00', lotSize: 1 } as Product;
const products = new Map([[product.id, product]]);
const list = {
  id: 'l1',
  startsAt: null,
  endsAt: null,
  entries: [{ productId: 'p1', price: null, percentOff: '10', hidden: false, minQuantity: '2', increment: '0.5', breaks: [{ minQuantity: '10', price: '1000.00' }] }],
} as unknown as PriceList;
const priceLists = new Map([[list.id, list]]);

describe('lines a seller writes for a customer', () => {
  it("prices each line by the customer's list, with its quantity breaks, exactly", () => {
    const termsOf = customerTerms({ priceListId: 'l1' }, priceLists, '2026-11-25');
    const lines = priceBoothLines([{ productId: 'p1', quantity: '2.5' }], products, termsOf);
    expect(lines[0]).toMatchObject({ unitPrice: '1080.00', lineTotal: '2700.00', problem: null });
    expect(boothTotal(priceBoothLines([{ productId: 'p1', quantity: '10' }], products, termsOf))).toBe('10000.00');
  });

  it("holds the quantity to the list's minimum and increment, and prices without a list at the list price", () => {
    const termsOf = customerTerms({ priceListId: 'l1' }, priceLists, '2026-11-25');
    expect(boothLinesReady([{ productId: 'p1', quantity: '1' }], products, termsOf)).toBe('Blue Dream: the minimum order is 2 lb');
    expect(boothLinesReady([{ productId: 'p1', quantity: '2.2' }], products, termsOf)).toBe('Blue Dream: order in steps of 0.5 lb');
    expect(boothLinesReady([], products, termsOf)).toBe('Add at least one product to the order');
    const listPrice = priceBoothLines([{ productId: 'p1', quantity: '1' }], products, customerTerms(null, priceLists, '2026-11-25'));
    expect(listPrice[0]).toMatchObject({ unitPrice: '1200.00', problem: null });
  });

  it('says as typed when a line, or the order, would come to more than can be counted to the cent', () => {
    const dearest = { ...product, id: 'p2', strainName: 'Rare Reserve', pricePerUnit: '99999999.99' } as Product;
    const catalogue = new Map([...products, [dearest.id, dearest]]);
    const termsOf = customerTerms(null, priceLists, '2026-11-25');
    const tooMuch = priceBoothLines([{ productId: 'p2', quantity: '9999999' }], catalogue, termsOf);
    expect(tooMuch[0]!.problem).toBe('Rare Reserve: this line would come to more than $90,071,992,547,409.91, more than an order can hold; order less');
    expect(boothLinesReady([{ productId: 'p2', quantity: '9999999' }], catalogue, termsOf)).toBe(tooMuch[0]!.problem);
    const halves = [
      { productId: 'p2', quantity: '500000' },
      { productId: 'p1', quantity: '1' },
      { productId: 'p2', quantity: '500000' },
    ];
    expect(priceBoothLines(halves, catalogue, termsOf).every((line) => line.problem === null)).toBe(true);
    expect(boothLinesReady(halves, catalogue, termsOf)).toBe(
      'This order would come to more than $90,071,992,547,409.91, more than an order can hold; split it into smaller orders',
    );
  });

  it('shows quantities as typed', () => {
    expect([plainQuantity('10'), plainQuantity('10.000'), plainQuantity('2.500')]).toEqual(['10', '10', '2.5']);
  });
});
