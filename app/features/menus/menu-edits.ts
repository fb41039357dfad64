/**
 * The builder's edits that go beyond one click: reordering, adding a whole
 * category, duplicating a menu and giving it a new link. Pure, except the two
 * actions at the end that write through `mutate`.
 */
import { PRODUCT_CATEGORIES, type ProductCategory } from '../../../sync/contract/constants';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { Mutation } from '../../../sync/contract/mutations';
import { messageOf } from '../../lib/api-client';
import { mutate } from '../../lib/replica/mutate';
import { toast } from '../../lib/toast-store';

/** The longest menu name the schema takes. */
const MAX_MENU_NAME = 200;
const COPY_SUFFIX = ' (copy)';

/** `ids` with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(ids: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** `ids` with the item at `from` taken out and put in at `to` (drag and drop). */
export function moveItemTo<T>(ids: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length || from === to) return [...ids];
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The categories of the catalogue, in the order PRODUCT_CATEGORIES gives, each with the products not yet on the menu. */
export function categoriesToAdd(catalogue: readonly Product[], productIds: readonly string[]): Array<{ category: ProductCategory; missing: string[] }> {
  const onMenu = new Set(productIds);
  return PRODUCT_CATEGORIES.flatMap((category) => {
    const inCategory = catalogue.filter((product) => product.category === category);
    if (inCategory.length === 0) return [];
    return [{ category, missing: inCategory.filter((product) => !onMenu.has(product.id)).map((product) => product.id) }];
  });
}

/** The menu with every product of `category` not yet on it appended, in catalogue order. */
export function addAllOfCategory(catalogue: readonly Product[], productIds: readonly string[], category: ProductCategory): string[] {
  const onMenu = new Set(productIds);
  const added = catalogue.filter((product) => product.category === category && !onMenu.has(product.id)).map((product) => product.id);
  return [...productIds, ...added];
}

/** The name of a copy: '<name> (copy)', shortened so it still fits the schema. */
export function copyName(name: string): string {
  return `${name.trim().slice(0, MAX_MENU_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/** The 'menu.create' of a menu's copy: new id and link, private, the same description and products. */
export function duplicateMutation(menu: Menu, newId: string, newLinkId: string): Extract<Mutation, { name: 'menu.create' }> {
  return {
    name: 'menu.create',
    args: {
      id: newId,
      publicLinkId: newLinkId,
      name: copyName(menu.name),
      description: menu.description,
      isPublic: false,
      productIds: [...menu.productIds],
    },
  };
}

/** Duplicates a menu on the device (it syncs later); the copy's id, or null when it could not be saved. */
export async function duplicateMenu(menu: Menu): Promise<string | null> {
  const id = crypto.randomUUID();
  try {
    await mutate(duplicateMutation(menu, id, crypto.randomUUID()));
    toast({ title: 'Menu duplicated', variant: 'success' });
    return id;
  } catch (error) {
    toast({ title: 'Error', description: messageOf(error, 'Failed to duplicate menu'), variant: 'destructive' });
    return null;
  }
}

/** Gives a menu a new link made on the device, so it can be shared at once; the old link stops working when it syncs. */
export async function regenerateLink(menu: Menu): Promise<string | null> {
  const publicLinkId = crypto.randomUUID();
  try {
    await mutate({ name: 'menu.regenerateLink', args: { id: menu.id, publicLinkId } });
    toast({ title: 'New link created', description: 'Anyone with the old link can no longer open this menu.', variant: 'success' });
    return publicLinkId;
  } catch (error) {
    toast({ title: 'Error', description: messageOf(error, 'Failed to create a new link'), variant: 'destructive' });
    return null;
  }
}
