import { parseScaled, QUANTITY_RULE } from '../../../sync/decimal';
import type { PublicMenu } from '../../../sync/entities/public-menu';

type MenuProduct = PublicMenu['products'][number];

export type MenuChanges = {
  added: MenuProduct[];
  removed: MenuProduct[];
  priceChanges: Array<{ product: MenuProduct; from: string | null; to: string | null }>;
  nowOutOfStock: MenuProduct[];
  backInStock: MenuProduct[];
};

const inStock = (product: MenuProduct) => {
  const available = parseScaled(product.availableQuantity, QUANTITY_RULE);
  return available.ok && available.scaled > 0;
};

/** What changed on a saved menu between the copy the buyer last looked at and the current one. */
export function menuChanges(seen: PublicMenu, current: PublicMenu): MenuChanges {
  const before = new Map(seen.products.map((product) => [product.id, product]));
  const after = new Map(current.products.map((product) => [product.id, product]));
  const changes: MenuChanges = { added: [], removed: [], priceChanges: [], nowOutOfStock: [], backInStock: [] };
  for (const product of current.products) {
    const old = before.get(product.id);
    if (!old) {
      changes.added.push(product);
      continue;
    }
    if (old.pricePerUnit !== product.pricePerUnit) changes.priceChanges.push({ product, from: old.pricePerUnit, to: product.pricePerUnit });
    if (inStock(old) && !inStock(product)) changes.nowOutOfStock.push(product);
    if (!inStock(old) && inStock(product)) changes.backInStock.push(product);
  }
  for (const product of seen.products) if (!after.has(product.id)) changes.removed.push(product);
  return changes;
}

export function hasChanges(changes: MenuChanges): boolean {
  return Object.values(changes).some((list) => list.length > 0);
}
