import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { splitKeptRefusals } from '../../../sync/device/engine/kept-refusals';
import { ReplicaDb } from '../replica/replica-db';
import { useSyncSession } from '../replica/sync-session';
import { readCart, writeCart } from './cart-storage';
import { withResend, type Cart } from './cart';
import { submitCart } from './submit-cart';

const AT = '2026-11-25T10:00:00.000Z';
const MENU_ID = crypto.randomUUID();
const PRODUCT_ID = crypto.randomUUID();
const REFUSED_ID = crypto.randomUUID();
const OTHER_REFUSED_ID = crypto.randomUUID();
const haze = { id: PRODUCT_ID, strainName: 'Haze', unitType: 'oz', lotSize: 10, pricePerUnit: '12.50', priceBreaks: [{ minQuantity: '10', price: '11.00' }] };
const menu = { menu: { id: MENU_ID, publicLinkId: crypto.randomUUID() }, products: [haze] } as unknown as PublicMenu;
const cart: Cart = { menuId: MENU_ID, lines: [{ productId: PRODUCT_ID, quantity: '10' }], note: 'Back door', resends: [REFUSED_ID] };

let db: ReplicaDb;

beforeEach(async () => {
  db = new ReplicaDb(`submit-cart-test-${crypto.randomUUID()}`);
  useSyncSession.setState({ db, engine: null });
  const refused = { id: REFUSED_ID, menuId: MENU_ID, lines: [{ productId: PRODUCT_ID, quantity: '20' }], note: 'Back door' };
  const other = { ...refused, id: OTHER_REFUSED_ID, lines: [{ productId: PRODUCT_ID, quantity: '5' }] };
  const { kept } = splitKeptRefusals(
    [refused, other].map((args, index) => ({
      seq: index + 1,
      name: 'order.create',
      reason: 'conflict',
      message: 'Not enough in stock',
      refusedAt: AT,
      mutation: { name: 'order.create', args },
    })),
  );
  await db.keptRefusals.bulkPut(kept);
  await writeCart(db, cart);
});

afterEach(async () => {
  vi.restoreAllMocks();
  useSyncSession.setState({ db: null, engine: null });
  await db.delete();
});

describe('submitCart', () => {
  it('queues the edited order, empties the cart and takes the refused order it edits off the device, together', async () => {
    const id = await submitCart(menu, cart);
    const outbox = await db.outbox.toArray();
    // The order carries what the cart showed (the break price), on the terms the device knows (none yet: cash on delivery).
    const quote = {
      lines: [
        { productId: PRODUCT_ID, strainName: 'Haze', unitType: 'oz', quantity: '10.000', unitPrice: '11.00', listPrice: '12.50', lineTotal: '110.00', deliveredQuantity: null },
      ],
      paymentTerms: 'cod',
    };
    expect(outbox.map((entry) => entry.mutation)).toEqual([
      { name: 'order.create', args: { id, menuId: MENU_ID, publicLinkId: menu.menu.publicLinkId, lines: cart.lines, note: 'Back door', quote } },
    ]);
    expect(await db.orderQuotes.get(id)).toEqual({ id, quote });
    expect(id).not.toBe(REFUSED_ID);
    expect((await readCart(db, MENU_ID)).lines).toEqual([]);
    expect((await db.keptRefusals.toArray()).map((kept) => kept.id)).toEqual([OTHER_REFUSED_ID]);
  });

  it("waits on the buyer's terms that came with the saved copy, before any order with the seller was answered", async () => {
    const copy = { id: crypto.randomUUID(), menuId: MENU_ID, menu: { sellerId: crypto.randomUUID() }, paymentTerms: 'net15' };
    await db.savedMenus.put(copy as unknown as SavedMenuListItem);
    const id = await submitCart(menu, cart);
    expect((await db.orderQuotes.get(id))?.quote.paymentTerms).toBe('net15');
  });

  it('takes off every refused order the cart edits, so none stays under Needs attention once its lines are sent', async () => {
    const both = withResend(withResend(cart, OTHER_REFUSED_ID), REFUSED_ID);
    expect(both.resends).toEqual([REFUSED_ID, OTHER_REFUSED_ID]);
    await writeCart(db, both);
    await submitCart(menu, await readCart(db, MENU_ID));
    expect(await db.keptRefusals.count()).toBe(0);
  });

  it('still takes off the refused order of a cart kept with a single one, as carts were written before', async () => {
    await db.carts.put({ ...cart, resends: OTHER_REFUSED_ID });
    const kept = await readCart(db, MENU_ID);
    expect(kept.resends).toEqual([OTHER_REFUSED_ID]);
    await submitCart(menu, kept);
    expect((await db.keptRefusals.toArray()).map((refusal) => refusal.id)).toEqual([REFUSED_ID]);
  });

  it('changes nothing when a part of the step fails: no order queued, the cart and the refused order stay', async () => {
    vi.spyOn(db.carts, 'delete').mockRejectedValueOnce(new Error('The disk failed'));
    await expect(submitCart(menu, cart)).rejects.toThrow('The disk failed');
    expect(await db.outbox.count()).toBe(0);
    expect(await readCart(db, MENU_ID)).toEqual(cart);
    expect((await db.keptRefusals.toArray()).map((kept) => kept.id).sort()).toEqual([REFUSED_ID, OTHER_REFUSED_ID].sort());
  });
});
