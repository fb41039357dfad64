import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { cartQuantityProblem, emptyCart, priceCart, startingQuantity, withoutLine, withoutReorderNotice, withQuantity, withReorder } from './cart';

type MenuProduct = PublicMenu['products'][number];

const product = (id: string, fields: Partial<MenuProduct>) =>
  ({ id, strainName: id, unitType: 'lb', lotSize: 1, availableQuantity: '100.000', pricePerUnit: '1450.00', ...fields }) as MenuProduct;

const haze = product('Haze', {
  pricePerUnit: '1200.00',
  listPrice: '1450.00',
  minimumQuantity: '2',
  quantityIncrement: '0.5',
  priceBreaks: [{ minQuantity: '10', price: '1100.00' }],
});
const gummies = product('Gummies', { unitType: 'unit', lotSize: 48, pricePerUnit: '0.33' });

describe('the cart', () => {
  it('checks each quantity as typed with the buyer’s minimum, increment and the stock', () => {
    expect(cartQuantityProblem(haze, '1.5')).toBe('Haze: the minimum order is 2 lb');
    expect(cartQuantityProblem(haze, '2.25')).toBe('Haze: order in steps of 0.5 lb');
    expect(cartQuantityProblem(haze, '')).toBe('Haze: enter a quantity');
    expect(cartQuantityProblem(haze, '100.5')).toBe('Haze: at most 100 lb available');
    expect(cartQuantityProblem(haze, '2.5')).toBeNull();
    expect(startingQuantity(haze)).toBe('2');
  });

  it('says what is wrong with a quantity in the words of the one rule', () => {
    expect(cartQuantityProblem({ ...haze, availableQuantity: '20.000' }, '0')).toBe('Haze: order at least 2 lb');
    expect(cartQuantityProblem(gummies, '48.5')).toBe('Gummies: whole units only');
    expect(startingQuantity(gummies)).toBe('48');
  });

  it('prices lines with breaks applied and totals them exactly', () => {
    let cart = withQuantity(emptyCart('menu'), 'Haze', '10');
    cart = withQuantity(cart, 'Gummies', '49');
    const priced = priceCart(cart, [haze, gummies]);
    expect(priced.lines.map((line) => [line.unitPrice, line.listPrice, line.lineTotal])).toEqual([
      ['1100.00', '1450.00', '11000.00'],
      ['0.33', null, '16.17'],
    ]);
    expect(priced.total).toBe('11016.17');
    expect(priced.ready).toBe(true);
  });

  it('changes a line in place, removes it, and names products the menu no longer shows', () => {
    let cart = withQuantity(emptyCart('menu'), 'Haze', '2');
    cart = withQuantity(cart, 'Haze', '3');
    expect(cart.lines).toEqual([{ productId: 'Haze', quantity: '3' }]);
    const priced = priceCart(withQuantity(cart, 'Gone', '1'), [haze]);
    expect(priced.gone).toEqual(['Gone']);
    expect(priced.total).toBe('3600.00');
    expect(withoutLine(cart, 'Haze').lines).toEqual([]);
    expect(priceCart(emptyCart('menu'), [haze]).ready).toBe(false);
  });

  it('is not ready while a line cannot be ordered, and totals the lines that can', () => {
    const cart = withQuantity(withQuantity(emptyCart('menu'), 'Haze', '1'), 'Gummies', '48');
    const priced = priceCart(cart, [haze, gummies]);
    expect(priced.ready).toBe(false);
    expect(priced.lines[0]?.problem).toBe('Haze: the minimum order is 2 lb');
    expect(priced).toMatchObject({ total: '15.84', uncounted: 1 });
    expect(priceCart(withQuantity(emptyCart('menu'), 'Free', '1'), [product('Free', { pricePerUnit: null })])).toMatchObject({ total: '0.00', uncounted: 1 });
  });
});

describe('an old order put back into the cart', () => {
  const again = { lines: [{ productId: 'Haze', quantity: '4' }], gone: ['Runtz is no longer on this menu'], short: [], changed: [] };

  it('fills an empty cart, keeps the note empty, and says what was left out', () => {
    const cart = withReorder(emptyCart('menu-1'), 'SO-1001', again);
    expect(cart).toEqual({
      menuId: 'menu-1',
      lines: [{ productId: 'Haze', quantity: '4' }],
      note: '',
      reorder: { orderNumber: 'SO-1001', addedTo: 0, gone: ['Runtz is no longer on this menu'], short: [], changed: [] },
    });
    expect(priceCart(cart, [haze]).total).toBe('4800.00');
    expect(withoutReorderNotice(cart)).toEqual({ menuId: 'menu-1', lines: [{ productId: 'Haze', quantity: '4' }], note: '' });
  });

  it("adds to what the cart holds, the order's quantity in place of the cart's, and keeps the buyer's own note", () => {
    const held = { ...withQuantity(withQuantity(emptyCart('menu-1'), 'Gummies', '48'), 'Haze', '2'), note: 'Call first' };
    const cart = withReorder(held, 'SO-1001', again);
    expect(cart.lines).toEqual([
      { productId: 'Gummies', quantity: '48' },
      { productId: 'Haze', quantity: '4' },
    ]);
    expect(cart.note).toBe('Call first');
    expect(cart.reorder?.addedTo).toBe(2);
  });
});
