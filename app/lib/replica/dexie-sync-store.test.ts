/**
 * The engine's storage on the replica database (sync/contract/protocol.ts step 3),
 * on fake-indexeddb: one transaction per pull, the first pull is the whole
 * truth, the outbox survives a reload (Property 9, storage half), and one
 * user's database is not another's.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { User } from '../../../sync/entities/user';
import type { OutboxEntry } from '../../../sync/device/engine/sync-engine';
import type { Mutation } from '../../../sync/contract/mutations';
import type { PullResponse } from '../../../sync/contract/protocol';
import { orderFixture, productFixture, pullFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import { DexieSyncStore } from './dexie-sync-store';
import { ReplicaDb } from './replica-db';

const AT = '2025-03-01T12:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

let userCounter = 0;
const opened: ReplicaDb[] = [];

/** A fresh user id per test, so tests share no database. */
function newUserId(): string {
  userCounter += 1;
  return uuid(500_000 + userCounter);
}

function open(userId: string, now?: () => Date): { db: ReplicaDb; store: DexieSyncStore } {
  const db = new ReplicaDb(userId);
  opened.push(db);
  return { db, store: new DexieSyncStore(db, now) };
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function user(id: string): User {
  return userFixture({ id, email: `${id}@test.example`, businessName: 'Green Acres', createdAt: AT, updatedAt: AT });
}

function product(n: number, userId: string, strainName = `Strain ${n}`): Product {
  return productFixture({
    id: uuid(n),
    userId,
    strainName,
    thcPercentage: '24.50',
    pricePerUnit: '1200.00',
    unitType: 'lb',
    availableQuantity: '10.000',
    createdAt: AT,
    updatedAt: AT,
  });
}

function menu(n: number, userId: string, productIds: string[]): Menu {
  return {
    id: uuid(n),
    userId,
    name: `Menu ${n}`,
    description: null,
    publicLinkId: uuid(n + 10_000),
    isPublic: true,
    linkExpiresAt: null,
    productIds,
    createdAt: AT,
    updatedAt: AT,
  };
}

function savedMenu(n: number, buyerUserId: string): SavedMenuListItem {
  return {
    id: uuid(n),
    buyerUserId,
    menuId: uuid(n + 1),
    notes: null,
    tags: [],
    isFavorite: false,
    lastSeenStamp: 0,
    stamp: 1,
    snapshot: null,
    createdAt: AT,
    menu: { name: 'Saved', description: null, publicLinkId: uuid(n + 2), sellerId: uuid(n + 3), sellerBusinessName: null, productCount: 0, updatedAt: AT },
  };
}

const pull = (userId: string, changes: Partial<PullResponse>): PullResponse => pullFixture(user(userId), changes);

const createMutation = (n: number): Mutation => ({ name: 'product.create', args: { id: uuid(n), strainName: `Offline ${n}` } });

/** What `mutate` does: the outbox assigns the sequence. */
async function enqueue(db: ReplicaDb, ...mutations: Mutation[]): Promise<void> {
  for (const mutation of mutations) await db.outbox.add({ mutation, createdAt: AT } as OutboxEntry);
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();
const outboxSeqs = async (db: ReplicaDb) => (await db.outbox.toArray()).map((entry) => entry.seq);

describe('DexieSyncStore.applyPull', () => {
  it('lets closed orders go once the window has passed them, with no pull naming them, and keeps open ones', async () => {
    const userId = newUserId();
    let now = new Date(AT);
    const { db, store } = open(userId, () => now);
    const paid = orderFixture({ id: uuid(1), status: 'delivered', paymentStatus: 'paid', amountPaid: '100.00', updatedAt: AT });
    const cancelled = orderFixture({ id: uuid(2), status: 'cancelled', updatedAt: '2025-04-01T12:00:00.000Z' });
    const open_ = orderFixture({ id: uuid(3), status: 'accepted', updatedAt: AT });
    await store.applyPull(pull(userId, { cursor: 2, orders: [paid, cancelled, open_] }));
    expect(ids(await db.orders.toArray())).toEqual(ids([paid, cancelled, open_]));

    now = new Date(Date.parse(AT) + (ORDER_WORKING_SET_DAYS + 1) * 24 * 60 * 60 * 1000);
    await store.applyPull(pull(userId, { cursor: 3 }));
    expect(ids(await db.orders.toArray())).toEqual(ids([cancelled, open_]));
  });

  it('stores the pulled rows, the account and the new cursor', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    const p1 = product(1, userId);
    const p2 = product(2, userId);
    const m = menu(10, userId, [p2.id, p1.id]);
    const saved = savedMenu(20, userId);

    await store.applyPull(pull(userId, { cursor: 42, products: [p1, p2], menus: [m], savedMenus: [saved] }));

    expect(await db.products.toArray()).toEqual([p1, p2]);
    expect(await db.menus.toArray()).toEqual([m]);
    expect(await db.savedMenus.toArray()).toEqual([saved]);
    expect(await db.account.toArray()).toEqual([user(userId)]);
    expect(await store.readCursor()).toBe(42);
  });

  it('a later pull updates changed rows and keeps rows it does not mention', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await store.applyPull(pull(userId, { cursor: 5, products: [product(1, userId), product(2, userId)] }));

    const renamed = { ...product(2, userId, 'Renamed'), updatedAt: '2025-03-02T00:00:00.000Z' };
    await store.applyPull(pull(userId, { cursor: 9, products: [renamed, product(3, userId)] }));

    expect(await db.products.toArray()).toEqual([product(1, userId), renamed, product(3, userId)]);
    expect(await store.readCursor()).toBe(9);
  });

  it('applies tombstones before upserts: a tombstoned row goes, a row in the same pull as its own older tombstone stays', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await store.applyPull(
      pull(userId, {
        cursor: 5,
        products: [product(1, userId), product(2, userId)],
        menus: [menu(10, userId, []), menu(11, userId, [])],
        savedMenus: [savedMenu(20, userId)],
      }),
    );

    // Product 2 was deleted and then made again with the same id; product 1, menu 11 and the saved menu are just gone.
    const reborn = product(2, userId, 'Made again');
    await store.applyPull(
      pull(userId, {
        cursor: 8,
        products: [reborn],
        deleted: [
          { entity: 'product', id: uuid(1) },
          { entity: 'product', id: uuid(2) },
          { entity: 'menu', id: uuid(11) },
          { entity: 'savedMenu', id: uuid(20) },
        ],
      }),
    );

    expect(await db.products.toArray()).toEqual([reborn]);
    expect(ids(await db.menus.toArray())).toEqual([uuid(10)]);
    expect(await db.savedMenus.toArray()).toEqual([]);
  });

  it("a tombstone deletes from its own collection only: another collection's row with the same id stays", async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    const p = product(1, userId);
    const saved = { ...savedMenu(20, userId), id: p.id };
    const m = { ...menu(10, userId, []), id: p.id };
    await store.applyPull(pull(userId, { cursor: 1, products: [p], menus: [m], savedMenus: [saved] }));

    await store.applyPull(pull(userId, { cursor: 2, deleted: [{ entity: 'menu', id: p.id }] }));

    expect(await db.menus.toArray()).toEqual([]);
    expect(await db.products.toArray()).toEqual([p]);
    expect(await db.savedMenus.toArray()).toEqual([saved]);
  });

  it('drops the outbox entries the server processed (seq <= lastProcessedSeq) and keeps the rest', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await enqueue(db, ...[1, 2, 3, 4, 5].map(createMutation));
    expect(await outboxSeqs(db)).toEqual([1, 2, 3, 4, 5]);

    await store.applyPull(pull(userId, { cursor: 3, lastProcessedSeq: 3 }));
    expect(await outboxSeqs(db)).toEqual([4, 5]);

    // A pull that reports nothing new processed drops nothing.
    await store.applyPull(pull(userId, { cursor: 4, lastProcessedSeq: 3 }));
    expect(await outboxSeqs(db)).toEqual([4, 5]);
    expect(await store.pendingAfter(0, 10)).toEqual((await db.outbox.toArray()).filter((entry) => entry.seq > 3));
  });

  it('is one transaction: a pull that fails partway changes nothing (rows, tombstones, outbox, cursor)', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await store.applyPull(pull(userId, { cursor: 5, products: [product(1, userId)], menus: [menu(10, userId, [])] }));
    await enqueue(db, createMutation(2), createMutation(3));

    // A menu row without its key makes the put fail after the deletions and product writes ran.
    const broken = { ...menu(11, userId, []), id: undefined } as unknown as Menu;
    await expect(
      store.applyPull(
        pull(userId, {
          cursor: 9,
          lastProcessedSeq: 2,
          products: [product(2, userId)],
          menus: [broken],
          deleted: [{ entity: 'product', id: uuid(1) }],
        }),
      ),
    ).rejects.toThrow();

    expect(await db.products.toArray()).toEqual([product(1, userId)]);
    expect(ids(await db.menus.toArray())).toEqual([uuid(10)]);
    expect(await outboxSeqs(db)).toEqual([1, 2]);
    expect(await store.readCursor()).toBe(5);
  });

  it('a first pull (cursor 0) is the whole truth: rows the server no longer has are cleared', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    // Left from an earlier session: the cursor was lost (or never written), the rows were not.
    await db.products.bulkPut([product(1, userId), product(2, userId)]);
    await db.menus.put(menu(10, userId, [uuid(1)]));
    await db.savedMenus.put(savedMenu(20, userId));
    expect(await store.readCursor()).toBe(0);

    await store.applyPull(pull(userId, { cursor: 7, products: [product(2, userId)] }));

    expect(ids(await db.products.toArray())).toEqual([uuid(2)]);
    expect(await db.menus.toArray()).toEqual([]);
    expect(await db.savedMenus.toArray()).toEqual([]);
    expect(await store.readCursor()).toBe(7);

    // Once the cursor has moved, a pull only adds to what is there.
    await store.applyPull(pull(userId, { cursor: 8, products: [product(3, userId)] }));
    expect(ids(await db.products.toArray())).toEqual([uuid(2), uuid(3)]);
  });

  it('a pull the server marks as full (the device was away longer than deletions are kept) is the whole truth too', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await store.applyPull(pull(userId, { cursor: 5, products: [product(1, userId), product(2, userId)] }));
    await enqueue(db, createMutation(1));

    await store.applyPull(pull(userId, { cursor: 90, products: [product(2, userId)], full: true }));
    expect(ids(await db.products.toArray())).toEqual([uuid(2)]);
    expect(await outboxSeqs(db)).toEqual([1]);
    expect(await store.readCursor()).toBe(90);
  });

  it('a first pull does not clear the outbox', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await enqueue(db, createMutation(1), createMutation(2));
    await store.applyPull(pull(userId, { cursor: 3, lastProcessedSeq: 0 }));
    expect(await outboxSeqs(db)).toEqual([1, 2]);
  });
});

describe('DexieSyncStore bookkeeping', () => {
  it('makes one client id per database and keeps it', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    const [first, second] = await Promise.all([store.clientId(), store.clientId()]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);

    db.close();
    const reopened = open(userId);
    expect(await reopened.store.clientId()).toBe(first);

    const other = open(newUserId());
    expect(await other.store.clientId()).not.toBe(first);
  });

  it('pendingAfter returns entries above a sequence, oldest first, at most `limit`', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    await enqueue(db, ...[1, 2, 3, 4, 5, 6].map(createMutation));
    expect((await store.pendingAfter(0, 4)).map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect((await store.pendingAfter(4, 4)).map((entry) => entry.seq)).toEqual([5, 6]);
    expect(await store.pendingAfter(6, 4)).toEqual([]);
    expect((await store.pendingAfter(0, 1))[0]!.mutation).toEqual(createMutation(1));
  });

  it('records refusals and the last sync time', async () => {
    const userId = newUserId();
    const { db, store } = open(userId);
    const refusal = { seq: 3, name: 'product.update', reason: 'not_found' as const, message: 'Product not found', refusedAt: AT };
    await store.recordRefusals([refusal]);
    await store.recordRefusals([refusal]);
    await store.markSynced(AT);
    expect(await db.refusals.toArray()).toEqual([refusal]);
    expect(await db.meta.get('lastSyncedAt')).toEqual({ key: 'lastSyncedAt', value: AT });
  });

  it('keeps a refused order apart from the dismissable refusals, so clearing those never drops it', async () => {
    const { db, store } = open(newUserId());
    const order = { name: 'order.create' as const, args: { id: uuid(7), menuId: uuid(8), lines: [{ productId: uuid(1), quantity: '20' }], note: '' } };
    const refusedOrder = { seq: 4, name: 'order.create', reason: 'conflict' as const, message: 'Not enough in stock', refusedAt: AT, mutation: order };
    const other = { seq: 5, name: 'product.update', reason: 'not_found' as const, message: 'Product not found', refusedAt: AT };
    await store.recordRefusals([refusedOrder, other]);
    // A refusal the server repeats (the same push sent again) is still one order.
    await store.recordRefusals([refusedOrder]);
    expect(await db.refusals.toArray()).toEqual([other]);
    await db.refusals.clear();
    expect(await db.keptRefusals.toArray()).toEqual([{ ...refusedOrder, id: uuid(7) }]);
  });
});

describe('Property 9 (storage half): the outbox survives closing and reopening the app', () => {
  it('a new ReplicaDb for the same user finds the outbox, the rows and the cursor as they were', async () => {
    const userId = newUserId();
    const first = open(userId);
    await first.store.applyPull(pull(userId, { cursor: 4, products: [product(1, userId)] }));
    await enqueue(first.db, createMutation(2), { name: 'product.update', args: { id: uuid(1), changes: { strainName: 'Renamed offline' } } });
    const before = await first.db.outbox.toArray();
    const clientId = await first.store.clientId();
    first.db.close();

    const second = open(userId);
    expect(await second.db.outbox.toArray()).toEqual(before);
    expect((await second.store.pendingAfter(0, 10)).map((entry) => entry.mutation)).toEqual(before.map((entry) => entry.mutation));
    expect(await second.store.readCursor()).toBe(4);
    expect(await second.store.clientId()).toBe(clientId);
    expect(ids(await second.db.products.toArray())).toEqual([uuid(1)]);

    // New changes continue the sequence, never reuse it.
    await enqueue(second.db, createMutation(3));
    expect(await outboxSeqs(second.db)).toEqual([1, 2, 3]);
  });

  it('sequence numbers are not reused after the outbox has been drained and the app reopened', async () => {
    const userId = newUserId();
    const first = open(userId);
    await enqueue(first.db, createMutation(1), createMutation(2));
    await first.store.applyPull(pull(userId, { cursor: 2, lastProcessedSeq: 2 }));
    expect(await outboxSeqs(first.db)).toEqual([]);
    first.db.close();

    const second = open(userId);
    await enqueue(second.db, createMutation(3));
    expect(await outboxSeqs(second.db)).toEqual([3]);
  });
});

describe('one database per user', () => {
  it("a ReplicaDb for user B sees none of user A's rows, outbox, refusals or client id", async () => {
    const a = newUserId();
    const b = newUserId();
    const dbA = open(a);
    await dbA.store.applyPull(pull(a, { cursor: 3, products: [product(1, a)], menus: [menu(10, a, [uuid(1)])] }));
    await enqueue(dbA.db, createMutation(2));
    await dbA.store.recordRefusals([{ seq: 9, name: 'product.update', reason: 'validation', message: 'No', refusedAt: AT }]);
    const clientA = await dbA.store.clientId();

    const dbB = open(b);
    expect(dbB.db.name).not.toBe(dbA.db.name);
    expect(await dbB.db.products.count()).toBe(0);
    expect(await dbB.db.menus.count()).toBe(0);
    expect(await dbB.db.account.count()).toBe(0);
    expect(await dbB.db.outbox.count()).toBe(0);
    expect(await dbB.db.refusals.count()).toBe(0);
    expect(await dbB.store.readCursor()).toBe(0);
    expect(await dbB.store.clientId()).not.toBe(clientA);

    // B's first pull does not touch A's database.
    await dbB.store.applyPull(pull(b, { cursor: 5, products: [product(3, b)] }));
    expect(ids(await dbA.db.products.toArray())).toEqual([uuid(1)]);
    expect(await dbA.db.outbox.count()).toBe(1);
  });
});
