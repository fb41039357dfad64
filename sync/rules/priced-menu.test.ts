import { describe, expect, it } from 'vitest';
import type { PriceListEntry } from '../entities/price-list';
import type { PublicMenu } from '../entities/public-menu';
import { pricedMenu, pricedOrderLine, shownTerms } from './priced-menu';

type Shown = PublicMenu['products'][number];
const product = (id: string, pricePerUnit: string | null, lotSize = 1) => ({ id, strainName: id, unitType: 'oz', pricePerUnit, lotSize, availableQuantity: '100' }) as Shown;
const menu = (products: Shown[]) => ({ products }) as PublicMenu;
const entry = (productId: string, terms: Partial<PriceListEntry>): PriceListEntry => ({
  productId,
  price: null,
  percentOff: null,
  hidden: false,
  minQuantity: null,
  increment: null,
  breaks: [],
  ...terms,
});

describe('a menu priced for one buyer', () => {
  const list = {
    entries: [entry('Gelato', { price: '25.00', minQuantity: '2', increment: '0.5', breaks: [{ minQuantity: '10', price: '22.00' }] }), entry('Tangie', { hidden: true })],
  };
  const priced = pricedMenu(menu([product('Gelato', '30.00'), product('Tangie', '20.00'), product('Gummies', '10.00', 3)]), list);

  it('drops what the list hides, shows their price with the list price, and leaves a product the list does not name at its list price', () => {
    expect(priced.products.map((p) => [p.id, p.pricePerUnit, p.listPrice])).toEqual([
      ['Gelato', '25.00', '30.00'],
      ['Gummies', '10.00', undefined],
    ]);
    expect(priced.products[1]).toMatchObject({ minimumQuantity: '3', quantityIncrement: null, priceBreaks: [] });
  });

  it('is unchanged with no list', () => {
    const plain = menu([product('Gelato', '30.00')]);
    expect(pricedMenu(plain, null)).toBe(plain);
  });

  it('prices and checks an order line on the device from the terms it was shown with, as the server does from the list', () => {
    const gelato = priced.products[0]!;
    const terms = shownTerms(gelato);
    expect(pricedOrderLine(gelato, terms, '2.5')).toEqual({
      problem: null,
      quantity: '2.500',
      pricePerUnit: '25.00',
      lineTotal: '62.50',
      amount: { strainName: 'Gelato', priceCents: 2500, quantityThousandths: 2500 },
    });
    expect(pricedOrderLine(gelato, terms, '10')).toMatchObject({ problem: null, pricePerUnit: '22.00', lineTotal: '220.00' });
    expect(pricedOrderLine(gelato, terms, '1').problem).toBe('Gelato: the minimum order is 2 oz');
    expect(pricedOrderLine(gelato, terms, '2.25').problem).toBe('Gelato: order in steps of 0.5 oz');
    expect(pricedOrderLine(gelato, terms, '101').problem).toBe('Gelato: only 100 oz available');
    // A product no list priced keeps its lot size as the minimum.
    expect(pricedOrderLine(product('Plain', '4.00', 2), shownTerms(product('Plain', '4.00', 2)), '1').problem).toBe('Plain: the minimum order is 2 oz');
  });
});
