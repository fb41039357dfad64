/**
 * Where a buyer's carts live: in the signed-in person's own database, one per menu, so a cart survives a reload and
 * a day with no signal, and goes with the person (never local storage, where the next person on the device could
 * read it). They have a table of their own: the person's work, never cleared with the kept server reads.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReplicaDb } from '../replica/replica-db';
import { useSyncSession } from '../replica/sync-session';
import { cartFromStored, emptyCart, type Cart } from './cart';

export async function readCart(db: ReplicaDb, menuId: string): Promise<Cart> {
  const stored = await db.carts.get(menuId);
  return stored ? cartFromStored(stored) : emptyCart(menuId);
}

/** Keeps the cart; an empty one (no lines, no note, nothing to say about a reorder) leaves nothing behind. */
export async function writeCart(db: ReplicaDb, cart: Cart): Promise<void> {
  if (cart.lines.length === 0 && !cart.note && !cart.reorder) await db.carts.delete(cart.menuId);
  else await db.carts.put(cart);
}

/** Changes the kept cart in one step, from what is stored now (two quick taps never lose one another's line). */
export async function changeCart(db: ReplicaDb, menuId: string, change: (cart: Cart) => Cart): Promise<Cart> {
  return db.transaction('rw', db.carts, async () => {
    const next = change(await readCart(db, menuId));
    await writeCart(db, next);
    return next;
  });
}

/** The signed-in person's cart on this menu, live (undefined while it loads or when nobody is signed in). */
export function useCart(menuId: string): { cart: Cart | undefined; change: (change: (cart: Cart) => Cart) => Promise<void> } {
  const db = useSyncSession((state) => state.db);
  const cart = useLiveQuery(async () => (db ? readCart(db, menuId) : undefined), [db, menuId]);
  return {
    cart,
    change: async (change) => {
      if (db) await changeCart(db, menuId, change);
    },
  };
}
