/**
 * Submitting a cart: the order's id is made on the device and `order.create` goes to the outbox, so it is sent when
 * the network allows (offline too). The cart empties, and the refused orders it edits leave 'Needs attention', in the
 * same step as the order is queued: never one without the other.
 */
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { mutate } from '../replica/mutate';
import type { Cart } from './cart';

/** Queues the order and empties the cart; the new order's id. */
export async function submitCart(menu: PublicMenu, cart: Cart): Promise<string> {
  const id = crypto.randomUUID();
  const resends = cart.resends ?? [];
  await mutate(
    { name: 'order.create', args: { id, menuId: cart.menuId, publicLinkId: menu.menu.publicLinkId, lines: cart.lines, note: cart.note } },
    {
      tables: (db) => [db.carts, db.keptRefusals],
      write: async (db) => {
        await db.carts.delete(cart.menuId);
        await db.keptRefusals.bulkDelete(resends.map((refusedId) => ['order.create', refusedId] as const));
      },
    },
  );
  return id;
}
