import { describe, expect, it } from 'vitest';
import type { ProductCategory } from '../../../sync/contract/constants';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import { MUTATIONS } from '../../../sync/contract/mutations';
import { addAllOfCategory, categoriesToAdd, copyName, duplicateMutation, moveItem, moveItemTo } from './menu-edits';

const product = (id: string, category: ProductCategory) => ({ id, category }) as Product;
const catalogue = [product('f1', 'flower'), product('v1', 'vape'), product('f2', 'flower'), product('e1', 'edible'), product('f3', 'flower')];

describe('moveItem', () => {
  it('swaps with the neighbour above or below', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });
  it('leaves the list as it was at either end or out of range, without changing the input', () => {
    const ids = ['a', 'b', 'c'];
    expect(moveItem(ids, 0, -1)).toEqual(ids);
    expect(moveItem(ids, 2, 1)).toEqual(ids);
    expect(moveItem(ids, 7, -1)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});

describe('moveItemTo', () => {
  it('takes an item out and puts it in at the target place', () => {
    expect(moveItemTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItemTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItemTo(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});

describe('adding a whole category', () => {
  it('lists the categories of the catalogue in the spec order with what is missing from the menu', () => {
    expect(categoriesToAdd(catalogue, ['f2', 'e1'])).toEqual([
      { category: 'flower', missing: ['f1', 'f3'] },
      { category: 'edible', missing: [] },
      { category: 'vape', missing: ['v1'] },
    ]);
    expect(categoriesToAdd([], [])).toEqual([]);
  });
  it('appends the missing products of the category in catalogue order, keeping the order already set', () => {
    expect(addAllOfCategory(catalogue, ['e1', 'f2'], 'flower')).toEqual(['e1', 'f2', 'f1', 'f3']);
    expect(addAllOfCategory(catalogue, ['f1', 'f2', 'f3'], 'flower')).toEqual(['f1', 'f2', 'f3']);
    expect(addAllOfCategory(catalogue, [], 'topical')).toEqual([]);
  });
});

describe('duplicating a menu', () => {
  const menu: Menu = {
    id: '6f1c1c1e-0000-4000-8000-000000000001',
    userId: '6f1c1c1e-0000-4000-8000-000000000002',
    name: 'Fall drop',
    description: 'Fresh',
    publicLinkId: '6f1c1c1e-0000-4000-8000-000000000003',
    isPublic: true,
    linkExpiresAt: null,
    productIds: ['6f1c1c1e-0000-4000-8000-000000000004', '6f1c1c1e-0000-4000-8000-000000000005'],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };

  it("makes a private 'menu.create' with a new id and link, '(copy)' name, same description and products", () => {
    const [newId, newLink] = ['6f1c1c1e-0000-4000-8000-000000000006', '6f1c1c1e-0000-4000-8000-000000000007'];
    const mutation = duplicateMutation(menu, newId, newLink);
    expect(mutation).toEqual({
      name: 'menu.create',
      args: { id: newId, publicLinkId: newLink, name: 'Fall drop (copy)', description: 'Fresh', isPublic: false, productIds: menu.productIds },
    });
    expect(mutation.args.productIds).not.toBe(menu.productIds);
    expect(MUTATIONS['menu.create'].args.safeParse(mutation.args).success).toBe(true);
  });

  it('keeps a long name within the 200 characters a menu name may have', () => {
    const name = copyName('x'.repeat(200));
    expect(name).toHaveLength(200);
    expect(name.endsWith(' (copy)')).toBe(true);
    expect(MUTATIONS['menu.create'].args.safeParse(duplicateMutation({ ...menu, name: 'y'.repeat(200) }, menu.productIds[0]!, menu.productIds[1]!).args).success).toBe(true);
  });
});
