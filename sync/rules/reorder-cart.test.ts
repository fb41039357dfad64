import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../entities/public-menu';
import { reorderLines } from './reorder-cart';

type Shown = PublicMenu['products'][number];
const product = (id: string, terms: Partial<Shown> = {}) =>
  ({ id, strainName: id, unitType: 'lb', pricePerUnit: '100.00', lotSize: 1, availableQuantity: '100', ...terms }) as Shown;
const line = (productId: string, quantity: string, unitType: Shown['unitType'] = 'lb') => ({ productId, strainName: productId, unitType, quantity });

describe('ordering again into the cart', () => {
  it('brings back every line that can still be ordered as it was, and names nothing', () => {
    const again = reorderLines([line('Gelato', '5.000'), line('Tangie', '2.500')], [product('Gelato'), product('Tangie')]);
    expect(again).toEqual({
      lines: [
        { productId: 'Gelato', quantity: '5' },
        { productId: 'Tangie', quantity: '2.5' },
      ],
      gone: [],
      short: [],
      changed: [],
    });
  });

  it('names a product no longer on the menu and leaves it out', () => {
    const again = reorderLines([line('Gelato', '5'), line('Runtz', '3')], [product('Gelato')]);
    expect(again.lines).toEqual([{ productId: 'Gelato', quantity: '5' }]);
    expect(again.gone).toEqual(['Runtz is no longer on this menu']);
  });

  it('brings a short line down to what is available now, and says how much was ordered', () => {
    const again = reorderLines([line('Gelato', '10')], [product('Gelato', { availableQuantity: '4.5' })]);
    expect(again.lines).toEqual([{ productId: 'Gelato', quantity: '4.5' }]);
    expect(again.short).toEqual(['Gelato: only 4.5 lb available, 4.5 lb in your cart (10 lb ordered before)']);
  });

  it('keeps a sold-out product out of the cart, named', () => {
    const again = reorderLines([line('Gelato', '10')], [product('Gelato', { availableQuantity: '0' })]);
    expect(again.lines).toEqual([]);
    expect(again.short).toEqual(['Gelato: none available now (10 lb ordered before)']);
  });

  it('keeps to lot sizes and whole units: down to a whole lot of what is available, never below the minimum', () => {
    const gummies = product('Gummies', { unitType: 'unit', lotSize: 10, availableQuantity: '25' });
    expect(reorderLines([line('Gummies', '40', 'unit')], [gummies])).toMatchObject({
      lines: [{ productId: 'Gummies', quantity: '25' }],
      short: ['Gummies: only 25 units available, 25 units in your cart (40 units ordered before)'],
    });
    const few = product('Gummies', { unitType: 'unit', lotSize: 10, availableQuantity: '6' });
    expect(reorderLines([line('Gummies', '40', 'unit')], [few])).toMatchObject({
      lines: [],
      short: ['Gummies: only 6 units available, below the minimum order of 10 units (40 units ordered before)'],
    });
  });

  it("follows the buyer's list: raised to today's minimum, in today's steps, and says so", () => {
    const listed = product('Gelato', { minimumQuantity: '4', quantityIncrement: '2' });
    expect(reorderLines([line('Gelato', '3')], [listed])).toMatchObject({
      lines: [{ productId: 'Gelato', quantity: '4' }],
      changed: ['Gelato: 4 lb in your cart, as the product is now sold (3 lb ordered before)'],
    });
    expect(reorderLines([line('Gelato', '7')], [listed]).lines).toEqual([{ productId: 'Gelato', quantity: '6' }]);
    const short = reorderLines([line('Gelato', '10')], [product('Gelato', { minimumQuantity: '2', quantityIncrement: '2', availableQuantity: '7.5' })]);
    expect(short.lines).toEqual([{ productId: 'Gelato', quantity: '6' }]);
    expect(short.short).toEqual(['Gelato: only 7.5 lb available, 6 lb in your cart (10 lb ordered before)']);
  });
});
