/**
 * Submitting a cart: the order's id is made on the device and `order.create` goes to the outbox, so it is sent when
 * the network allows (offline too). The cart empties, and the refused orders it edits leave 'Needs attention', in the
 * same step as the order is queued: never one without the other.
 */
import type { OrderQuote } from '../../../sync/entities/order';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { mutate } from '../replica/mutate';
import { useSyncSession } from '../replica/sync-session';
import { lastKnownTerms } from '../../../sync/device/order-replica';
import { cartQuote, type Cart } from './cart';

/**
 * The buyer's payment terms with the menu's seller as the device last heard them: from the saved copy, which the
 * server sends with them, else from the latest order with that seller (see `lastKnownTerms`).
 */
async function knownTerms(menuId: string): Promise<OrderQuote['paymentTerms']> {
  const db = useSyncSession.getState().db;
  const saved = db ? await db.savedMenus.where('menuId').equals(menuId).first() : undefined;
  if (!db || !saved) return 'cod';
  if (saved.paymentTerms) return saved.paymentTerms;
  const orders = await db.orders.toArray();
  return lastKnownTerms({ orders: new Map(orders.map((order) => [order.id, order])) }, saved.menu.sellerId);
}

/**
 * Queues the order and empties the cart; the new order's id. The order carries what the cart showed (its quote), so
 * it waits to send with the cart's money and terms, and the quote is kept to compare with the server's answer.
 */
export async function submitCart(menu: PublicMenu, cart: Cart): Promise<string> {
  const id = crypto.randomUUID();
  const resends = cart.resends ?? [];
  const quote = cartQuote(cart, menu.products, await knownTerms(cart.menuId));
  await mutate(
    { name: 'order.create', args: { id, menuId: cart.menuId, publicLinkId: menu.menu.publicLinkId, lines: cart.lines, note: cart.note, quote } },
    {
      tables: (db) => [db.carts, db.keptRefusals, db.orderQuotes],
      write: async (db) => {
        await db.carts.delete(cart.menuId);
        await db.orderQuotes.put({ id, quote });
        await db.keptRefusals.bulkDelete(resends.map((refusedId) => ['order.create', refusedId] as const));
      },
    },
  );
  return id;
}
