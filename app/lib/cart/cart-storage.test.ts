import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../replica/replica-db';
import { withQuantity } from './cart';
import { changeCart, readCart } from './cart-storage';

const opened: ReplicaDb[] = [];
const open = (userId: string) => {
  const db = new ReplicaDb(`${userId}-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.delete()));
});

describe('cart storage', () => {
  it('keeps each menu’s cart in the person’s own database, across reopening it', async () => {
    const db = open('buyer');
    await changeCart(db, 'menu-1', (cart) => withQuantity(cart, 'p1', '2'));
    await changeCart(db, 'menu-2', (cart) => ({ ...withQuantity(cart, 'p2', '5'), note: 'Back door' }));
    db.close();
    const reopened = new ReplicaDb(db.userId);
    opened.push(reopened);
    expect(await readCart(reopened, 'menu-1')).toEqual({ menuId: 'menu-1', lines: [{ productId: 'p1', quantity: '2' }], note: '' });
    expect((await readCart(reopened, 'menu-2')).note).toBe('Back door');
  });

  it('is not another person’s cart, and an emptied cart leaves nothing behind', async () => {
    const first = open('first');
    await changeCart(first, 'menu-1', (cart) => withQuantity(cart, 'p1', '2'));
    expect((await readCart(open('second'), 'menu-1')).lines).toEqual([]);
    await changeCart(first, 'menu-1', (cart) => ({ ...cart, lines: [] }));
    expect(await first.carts.count()).toBe(0);
  });

  it('is kept apart from the cached server reads, so clearing those never empties a cart', async () => {
    const db = open('buyer');
    await changeCart(db, 'menu-1', (cart) => withQuantity(cart, 'p1', '2'));
    expect(await db.serverReads.count()).toBe(0);
    await db.serverReads.clear();
    expect((await readCart(db, 'menu-1')).lines).toEqual([{ productId: 'p1', quantity: '2' }]);
  });

  it('loses no line when two changes come at once', async () => {
    const db = open('buyer');
    await Promise.all(['p1', 'p2', 'p3'].map((id) => changeCart(db, 'menu-1', (cart) => withQuantity(cart, id, '1'))));
    expect((await readCart(db, 'menu-1')).lines.map((line) => line.productId).sort()).toEqual(['p1', 'p2', 'p3']);
  });
});
