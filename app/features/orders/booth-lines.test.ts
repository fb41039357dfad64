import { describe, expect, it } from 'vitest';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { orderTerms } from '../../../sync/rules/pricing';
import { boothLinesReady, boothTotal, boothUncounted, editedOrder, plainQuantity, priceBoothLines } from './booth-lines';

const product = { id: 'p1', strainName: 'Blue Dream', unitType: 'lb', pricePerUnit: '1200.00', lotSize: 1, availableQuantity: '100.000' } as Product;
const products = new Map([[product.id, product]]);
const list = {
  id: 'l1',
  startsAt: null,
  endsAt: null,
  entries: [{ productId: 'p1', price: null, percentOff: '10', hidden: false, minQuantity: '2', increment: '0.5', breaks: [{ minQuantity: '10', price: '1000.00' }] }],
} as unknown as PriceList;
const priceLists = new Map([[list.id, list]]);
const held = { customers: new Map([['c1', { priceListId: 'l1' }]]), menus: new Map<string, { priceListId: string | null }>(), priceLists };
/** The terms of a new order for `customerId` (one without a list: the list prices). */
const customerTerms = (customerId: string) => orderTerms(held, { customerId, menuId: null }, '2026-11-25');

describe('lines a seller writes for a customer', () => {
  it("prices each line by the customer's list, with its quantity breaks, exactly", () => {
    const termsOf = customerTerms('c1');
    const lines = priceBoothLines([{ productId: 'p1', quantity: '2.5' }], products, termsOf);
    expect(lines[0]).toMatchObject({ unitPrice: '1080.00', lineTotal: '2700.00', problem: null });
    expect(boothTotal(priceBoothLines([{ productId: 'p1', quantity: '10' }], products, termsOf))).toBe('10000.00');
  });

  it("holds the quantity to the list's minimum and increment, and prices without a list at the list price", () => {
    const termsOf = customerTerms('c1');
    expect(boothLinesReady([{ productId: 'p1', quantity: '1' }], products, termsOf)).toBe('Blue Dream: the minimum order is 2 lb');
    expect(boothLinesReady([{ productId: 'p1', quantity: '2.2' }], products, termsOf)).toBe('Blue Dream: order in steps of 0.5 lb');
    expect(boothLinesReady([], products, termsOf)).toBe('Add at least one product to the order');
    const listPrice = priceBoothLines([{ productId: 'p1', quantity: '1' }], products, customerTerms('walk-in'));
    expect(listPrice[0]).toMatchObject({ unitPrice: '1200.00', problem: null });
  });

  it('says as typed when a line, or the order, would come to more than can be counted to the cent', () => {
    const dearest = { ...product, id: 'p2', strainName: 'Rare Reserve', pricePerUnit: '99999999.99', availableQuantity: '9999999.999' } as Product;
    const catalogue = new Map([...products, [dearest.id, dearest]]);
    const termsOf = customerTerms('walk-in');
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

  it("says what is wrong with a quantity in the cart's words, and totals only the lines that can be sent", () => {
    const gummies = { ...product, id: 'p3', strainName: 'Gummies', unitType: 'unit', pricePerUnit: '5.00', availableQuantity: '20.000' } as Product;
    const catalogue = new Map([...products, [gummies.id, gummies]]);
    const termsOf = customerTerms('walk-in');
    const problemOf = (quantity: string) => priceBoothLines([{ productId: 'p3', quantity }], catalogue, termsOf)[0]!.problem;
    expect(problemOf('')).toBe('Gummies: enter a quantity');
    expect(problemOf('0')).toBe('Gummies: order at least 1 unit');
    expect(problemOf('-2')).toBe('Gummies: order at least 1 unit');
    expect(problemOf('two')).toBe('Gummies: enter the quantity as a number, such as 5');
    expect(problemOf('2.5')).toBe('Gummies: whole units only');
    expect(problemOf('25')).toBe('Gummies: at most 20 units available');
    expect(problemOf('20')).toBeNull();
    const lines = priceBoothLines(
      [
        { productId: 'p1', quantity: '2' },
        { productId: 'p3', quantity: '25' },
      ],
      catalogue,
      termsOf,
    );
    expect([boothTotal(lines), boothUncounted(lines)]).toEqual(['2400.00', 1]);
  });

  it('lets an order being edited keep what it already has of a product on top of what is left', () => {
    const termsOf = customerTerms('walk-in');
    const editing = editedOrder([{ productId: 'p1', quantity: '30.000', unitPrice: '1200.00', listPrice: '1200.00' }]);
    expect(priceBoothLines([{ productId: 'p1', quantity: '130' }], products, termsOf, editing)[0]!.problem).toBeNull();
    expect(priceBoothLines([{ productId: 'p1', quantity: '131' }], products, termsOf, editing)[0]!.problem).toBe('Blue Dream: at most 130 lb available');
  });

  it('keeps the price a line of the order being edited was given, as the server does, and prices a new product today', () => {
    const editing = editedOrder([{ productId: 'p1', quantity: '2.000', unitPrice: '1150.00', listPrice: '1150.00' }]);
    const lines = priceBoothLines([{ productId: 'p1', quantity: '3' }], products, customerTerms('c1'), editing);
    expect(lines[0]).toMatchObject({ unitPrice: '1150.00', lineTotal: '3450.00' });
    expect(priceBoothLines([{ productId: 'p1', quantity: '3' }], products, customerTerms('c1'))[0]).toMatchObject({ unitPrice: '1080.00' });
  });

  it("prices an order that came by a menu on the menu's list when the customer has none, as the server does", () => {
    const byMenu = { ...held, menus: new Map([['m1', { priceListId: 'l1' }]]) };
    const termsOf = orderTerms(byMenu, { customerId: 'walk-in', menuId: 'm1' }, '2026-11-25');
    expect(priceBoothLines([{ productId: 'p1', quantity: '2' }], products, termsOf)[0]).toMatchObject({ unitPrice: '1080.00', lineTotal: '2160.00' });
  });

  it('shows quantities as typed', () => {
    expect([plainQuantity('10'), plainQuantity('10.000'), plainQuantity('2.500')]).toEqual(['10', '10', '2.5']);
  });
});
