/**
 * Reorder: an old order's lines go into the cart on the menu it came from, priced by the menu as the buyer sees it now,
 * for the buyer to review and send. Nothing is ordered here. The buyer's saved copy of the menu prices it with no
 * network; a menu not saved is read through the link the buyer ordered by.
 */
import type { Order } from '../../../sync/entities/order';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { reorderLines } from '../../../sync/rules/reorder-cart';
import { apiReads } from '../../../sync/contract/api-reads';
import { readFromServer } from '../server-read/read-from-server';
import type { ReplicaDb } from '../replica/replica-db';
import { withReorder } from './cart';
import { changeCart } from './cart-storage';

/** The navigation state that opens the cart on arrival, to review it at once. */
export const OPEN_CART = { openCart: true };

type Reordered = Pick<Order, 'number' | 'menuId' | 'menuLinkId' | 'lines'>;

/** The menu to price the order by, and the page its cart is on; null when neither the device nor the link gives it. */
async function menuOf(order: Reordered, savedMenus: Iterable<SavedMenuListItem>): Promise<{ menu: PublicMenu; page: string } | null> {
  const saved = [...savedMenus].find((entry) => entry.menuId === order.menuId);
  if (saved?.snapshot) return { menu: saved.snapshot, page: `/saved-menus/${saved.id}` };
  if (!order.menuLinkId) return null;
  const menu = await readFromServer(apiReads.publicMenu(order.menuLinkId));
  return { menu, page: `/menu/${encodeURIComponent(order.menuLinkId)}` };
}

/**
 * Puts the order's lines into the cart of its menu; the page to review the cart on, or null when this device cannot
 * tell what the menu offers now. Throws as the server answers when the menu is read through its link.
 */
export async function reorderIntoCart(db: ReplicaDb, order: Reordered, savedMenus: Iterable<SavedMenuListItem>): Promise<string | null> {
  if (!order.menuId) return null;
  const found = await menuOf(order, savedMenus);
  if (!found) return null;
  const again = reorderLines(order.lines, found.menu.products);
  await changeCart(db, order.menuId, (cart) => withReorder(cart, order.number, again));
  return found.page;
}
