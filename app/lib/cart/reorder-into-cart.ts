/**
 * Reorder: an old order's lines go into the cart on the menu it came from, priced as the device knows the menu now
 * (the buyer's saved copy: it works with no network), for the buyer to review and send. Nothing is ordered here.
 */
import type { Order } from '../../../sync/entities/order';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { reorderLines } from '../../../sync/reorder-cart';
import type { ReplicaDb } from '../replica/replica-db';
import { withReorder } from './cart';
import { changeCart } from './cart-storage';

/** The navigation state that opens the cart on arrival, to review it at once. */
export const OPEN_CART = { openCart: true };

/**
 * Puts the order's lines into the cart of its menu; the saved menu's page to review it on, or null when this device
 * holds no copy of the menu to price it by.
 */
export async function reorderIntoCart(db: ReplicaDb, order: Pick<Order, 'number' | 'menuId' | 'lines'>, savedMenus: Iterable<SavedMenuListItem>): Promise<string | null> {
  const saved = [...savedMenus].find((entry) => entry.menuId === order.menuId);
  if (!order.menuId || !saved?.snapshot) return null;
  const again = reorderLines(order.lines, saved.snapshot.products);
  await changeCart(db, order.menuId, (cart) => withReorder(cart, order.number, again));
  return `/saved-menus/${saved.id}`;
}
