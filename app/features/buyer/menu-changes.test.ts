import { describe, expect, it } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { hasChanges, menuChanges } from './menu-changes';

type MenuProduct = PublicMenu['products'][number];

const product = (id: string, pricePerUnit: string | null, availableQuantity = '10.000'): MenuProduct =>
  ({ id, strainName: `Strain ${id}`, pricePerUnit, availableQuantity }) as MenuProduct;
const menu = (...products: MenuProduct[]) => ({ products }) as PublicMenu;

describe('menuChanges', () => {
  it('finds new and removed products, price changes and stock changes', () => {
    const seen = menu(product('a', '10.00'), product('b', '20.00'), product('c', '5.00', '0.000'), product('d', '1.00'));
    const current = menu(product('a', '12.50'), product('b', '20.00', '0.000'), product('c', '5.00', '3.000'), product('e', '7.00'));
    const changes = menuChanges(seen, current);
    expect(changes.added.map((p) => p.id)).toEqual(['e']);
    expect(changes.removed.map((p) => p.id)).toEqual(['d']);
    expect(changes.priceChanges.map((c) => [c.product.id, c.from, c.to])).toEqual([['a', '10.00', '12.50']]);
    expect(changes.nowOutOfStock.map((p) => p.id)).toEqual(['b']);
    expect(changes.backInStock.map((p) => p.id)).toEqual(['c']);
    expect(hasChanges(changes)).toBe(true);
  });

  it('reports nothing for the same menu', () => {
    const same = menu(product('a', '10.00'));
    expect(hasChanges(menuChanges(same, same))).toBe(false);
  });
});
