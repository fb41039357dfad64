/**
 * Submitting a cart: the order's id is made on the device and `order.create` goes to the outbox, so it is sent when
 * the network allows (offline too), and the cart empties only once the order is safely queued.
 */
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { mutate } from '../replica/mutate';
import { useSyncSession } from '../replica/sync-session';
import type { Cart } from './cart';
import { writeCart } from './cart-storage';
import { emptyCart } from './cart';

/** Queues the order and empties the cart; the new order's id. */
export async function submitCart(menu: PublicMenu, cart: Cart): Promise<string> {
  const id = crypto.randomUUID();
  await mutate({ name: 'order.create', args: { id, menuId: cart.menuId, publicLinkId: menu.menu.publicLinkId, lines: cart.lines, note: cart.note } });
  const db = useSyncSession.getState().db;
  if (db) await writeCart(db, emptyCart(cart.menuId));
  return id;
}
