import { describe, expect, it } from 'vitest';
import type { PriceListEntry } from '../entities/price-list';
import {
  applicablePriceList,
  calendarDay,
  discountedCents,
  entriesByProduct,
  priceListInEffect,
  productTerms,
  quantityProblem,
  termsForDisplay,
  unitPriceCents,
  wholeUnitsProblem,
} from './pricing';

const product = { id: 'p1', strainName: 'Blue Dream', unitType: 'lb' as const, pricePerUnit: '1200.00', lotSize: 1 };
const entry = (fields: Partial<PriceListEntry> = {}): PriceListEntry => ({
  productId: 'p1',
  price: null,
  percentOff: null,
  hidden: false,
  minQuantity: null,
  increment: null,
  breaks: [],
  ...fields,
});
const list = (id: string, startsAt: string | null, endsAt: string | null) => ({ id, startsAt, endsAt });

describe('which list prices a buyer', () => {
  const customerList = list('customer', '2026-01-01', '2026-01-31');
  const menuList = list('menu', null, null);

  it('takes the customer list over the menu list while the customer list is in its dates', () => {
    expect(applicablePriceList(customerList, menuList, '2026-01-15')?.id).toBe('customer');
  });

  it('falls back to the menu list outside the customer list dates, then to the list price', () => {
    expect(applicablePriceList(customerList, menuList, '2026-02-01')?.id).toBe('menu');
    expect(applicablePriceList(customerList, null, '2026-02-01')).toBeNull();
    expect(applicablePriceList(null, list('menu', '2027-01-01', null), '2026-02-01')).toBeNull();
    expect(applicablePriceList(null, null, '2026-02-01')).toBeNull();
  });

  it('includes the first and last day of a list and treats missing dates as open', () => {
    expect(priceListInEffect(customerList, '2025-12-31')).toBe(false);
    expect(priceListInEffect(customerList, '2026-01-01')).toBe(true);
    expect(priceListInEffect(customerList, '2026-01-31')).toBe(true);
    expect(priceListInEffect(customerList, '2026-02-01')).toBe(false);
    expect(priceListInEffect(list('x', null, '2026-01-31'), '1990-01-01')).toBe(true);
    expect(priceListInEffect(list('x', '2026-01-01', null), '2099-12-31')).toBe(true);
  });

  it('reads the day in UTC', () => {
    expect(calendarDay(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01-31');
  });
});

describe('a product on a list', () => {
  it('keeps the list price and lot size when the list does not name the product', () => {
    expect(productTerms(product, entriesByProduct(null).get('p1'))).toEqual({
      hidden: false,
      priceCents: 120000,
      listPriceCents: 120000,
      minimumThousandths: 1000,
      incrementThousandths: null,
      breaks: [],
    });
  });

  it('hides the product from the buyer', () => {
    const terms = productTerms(product, entry({ hidden: true }));
    expect(terms.hidden).toBe(true);
    expect(quantityProblem(product, terms, 5000)).toBe('Blue Dream is not offered to you');
  });

  it('replaces the list price with the price given', () => {
    expect(productTerms(product, entry({ price: '999.99' })).priceCents).toBe(99999);
  });

  it('discounts the list price by the percentage, rounded half up to the cent', () => {
    expect(discountedCents(1005, 3333)).toBe(670); // 6.700335
    expect(discountedCents(1, 5000)).toBe(1); // 0.005 rounds up
    expect(discountedCents(3, 5000)).toBe(2); // 0.015 rounds up
    expect(discountedCents(1999, 1000)).toBe(1799); // 17.991
    expect(discountedCents(1000, 0)).toBe(1000);
    expect(discountedCents(1000, 10000)).toBe(0);
    expect(productTerms({ pricePerUnit: '10.05', lotSize: 1 }, entry({ percentOff: '33.33' })).priceCents).toBe(670);
  });

  it('leaves a product without a price unpriced even with a percentage off', () => {
    expect(productTerms({ pricePerUnit: null, lotSize: 1 }, entry({ percentOff: '10.00' })).priceCents).toBeNull();
  });

  it('applies the largest quantity break at or below the quantity ordered', () => {
    const terms = productTerms(
      product,
      entry({
        price: '1100.00',
        breaks: [
          { minQuantity: '10.000', price: '1000.00' },
          { minQuantity: '5.000', price: '1050.00' },
        ],
      }),
    );
    expect(unitPriceCents(terms, 4999)).toBe(110000);
    expect(unitPriceCents(terms, 5000)).toBe(105000);
    expect(unitPriceCents(terms, 9999)).toBe(105000);
    expect(unitPriceCents(terms, 10000)).toBe(100000);
    expect(unitPriceCents(terms, 50000)).toBe(100000);
  });

  it('holds the order to the larger of the lot size and the list minimum', () => {
    expect(productTerms({ ...product, lotSize: 5 }, entry({ minQuantity: '2.000' })).minimumThousandths).toBe(5000);
    const terms = productTerms(product, entry({ minQuantity: '2.500' }));
    expect(terms.minimumThousandths).toBe(2500);
    expect(quantityProblem(product, terms, 2000)).toBe('Blue Dream: the minimum order is 2.5 lb');
    expect(quantityProblem(product, terms, 2500)).toBeNull();
  });

  it('refuses a quantity off the increment', () => {
    const terms = productTerms(product, entry({ increment: '0.500' }));
    expect(quantityProblem(product, terms, 1500)).toBeNull();
    expect(quantityProblem(product, terms, 1250)).toBe('Blue Dream: order in steps of 0.5 lb');
  });
});

describe('what the buyer is shown', () => {
  it('shows the list price only when their price differs from it', () => {
    expect(termsForDisplay(productTerms(product, undefined))).toEqual({ pricePerUnit: '1200.00', minimumQuantity: '1', quantityIncrement: null, priceBreaks: [] });
    expect(termsForDisplay(productTerms(product, entry({ price: '1200.00' })))).not.toHaveProperty('listPrice');
    expect(termsForDisplay(productTerms(product, entry({ percentOff: '10.00', increment: '0.250', breaks: [{ minQuantity: '10.000', price: '1000.00' }] })))).toEqual({
      pricePerUnit: '1080.00',
      listPrice: '1200.00',
      minimumQuantity: '1',
      quantityIncrement: '0.25',
      priceBreaks: [{ minQuantity: '10', price: '1000.00' }],
    });
  });
});

describe('whole units', () => {
  it('takes whole units of a counted product and any part of a weighed one', () => {
    expect(wholeUnitsProblem({ strainName: 'Gummies', unitType: 'unit' }, 2500)).toBe('Gummies: whole units only');
    expect(wholeUnitsProblem({ strainName: 'Gummies', unitType: 'unit' }, 3000)).toBeNull();
    expect(wholeUnitsProblem({ strainName: 'Blue Dream', unitType: 'lb' }, 2500)).toBeNull();
  });
});
