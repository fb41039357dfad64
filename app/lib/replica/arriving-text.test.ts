import { describe, expect, it } from 'vitest';
import { arrivingText } from './arriving-text';

describe('what a first pull in pages says it has brought', () => {
  it('names the collection coming now, with thousands written as people read them', () => {
    expect(arrivingText({ received: { products: 2400 }, totals: { products: 5000, customers: 1000, orders: 6300 } })).toBe('Getting your catalogue: 2,400 of 5,000 products');
    expect(arrivingText({ received: { products: 5000, customers: 300 }, totals: { products: 5000, customers: 1000, orders: 6300 } })).toBe(
      'Getting your customers: 300 of 1,000 customers',
    );
    expect(arrivingText({ received: { products: 5000, customers: 1000, orders: 0 }, totals: { products: 5000, customers: 1000, orders: 6300 } })).toBe(
      'Getting your orders: 0 of 6,300 orders',
    );
  });

  it('never counts past the total, and says the end is near once every count is met', () => {
    expect(arrivingText({ received: { products: 12 }, totals: { products: 10, orders: 4 } })).toBe('Getting your orders: 0 of 4 orders');
    expect(arrivingText({ received: { products: 10, orders: 4 }, totals: { products: 10, orders: 4 } })).toBe('Getting the last of your data');
  });
});
