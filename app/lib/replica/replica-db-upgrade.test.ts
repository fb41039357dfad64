/**
 * The newest version of the replica (photos, conversations, seen copies, kept
 * server reads, orders, carts and kept refusals, remembered import choices) on a device that has version 1, 3,
 * 6 or 7: the upgrade keeps every row, the outbox above all, and the new tables work.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { ReplicaDb, replicaName } from './replica-db';
import { writeVersion1Replica } from './replica-db-test-support';

const userId = '00000000-0000-4000-8000-0000000c0001';

afterEach(async () => {
  await Dexie.delete(replicaName(userId));
});

it('keeps the outbox and the replica when upgrading from version 1', async () => {
  await writeVersion1Replica(
    userId,
    [
      { name: 'product.create', args: { id: 'a', strainName: 'Kept' } },
      { name: 'product.delete', args: { id: 'b' } },
    ],
    [{ key: 'cursor', value: 42 }],
  );

  const db = new ReplicaDb(userId);
  try {
    await db.open();
    expect(db.verno).toBe(19);
    await db.inquiries.put({ id: 'i' } as never);
    expect(await db.inquiries.count()).toBe(1);
    expect((await db.outbox.toArray()).map((entry) => [entry.seq, entry.mutation.name])).toEqual([
      [1, 'product.create'],
      [2, 'product.delete'],
    ]);
    expect(await db.meta.get('cursor')).toEqual({ key: 'cursor', value: 42 });
    await db.photos.add({
      id: 'p',
      purpose: 'product',
      blob: new Blob(['x'], { type: 'image/jpeg' }),
      contentType: 'image/jpeg',
      size: 1,
      fileName: null,
      status: 'pending',
      attempts: 0,
      url: null,
      progress: 0,
      error: null,
      createdAt: '2025-01-01T00:00:02.000Z',
    });
    expect(await db.photos.where('status').equals('pending').primaryKeys()).toEqual(['p']);
  } finally {
    db.close();
  }
});

it('keeps every row of version 3 when adding the kept server reads', async () => {
  const v3 = new Dexie(replicaName(userId));
  v3.version(1).stores({ products: 'id', menus: 'id', savedMenus: 'id, menuId', account: 'id', outbox: '++seq', refusals: 'seq', meta: 'key' });
  v3.version(2).stores({ photos: 'id, status' });
  v3.version(3).stores({ inquiries: 'id', seenSnapshots: 'savedMenuId' });
  const rows: Record<string, object> = {
    products: { id: 'product' },
    menus: { id: 'menu' },
    savedMenus: { id: 'saved', menuId: 'menu' },
    account: { id: userId },
    outbox: { seq: 1, mutation: { name: 'product.delete', args: { id: 'product' } }, createdAt: '2025-01-01T00:00:00.000Z' },
    refusals: { seq: 0, reason: 'not_found' },
    meta: { key: 'cursor', value: 7 },
    photos: { id: 'photo', status: 'pending' },
    inquiries: { id: 'inquiry' },
    seenSnapshots: { savedMenuId: 'saved', snapshot: {} },
  };
  for (const [table, row] of Object.entries(rows)) await v3.table(table).put(row);
  v3.close();

  const db = new ReplicaDb(userId);
  try {
    await db.open();
    expect(db.verno).toBe(19);
    for (const [table, row] of Object.entries(rows)) expect(await db.table(table).toArray(), table).toEqual([row]);
    await db.serverReads.put({ key: 'seller-dashboard', value: { totalViews: 3 }, savedAt: '2025-01-02T00:00:00.000Z' });
    expect((await db.serverReads.get('seller-dashboard'))?.value).toEqual({ totalViews: 3 });
    // Version 5's customer book and price lists start empty beside the kept rows.
    expect([await db.customers.count(), await db.priceLists.count()]).toEqual([0, 0]);
  } finally {
    db.close();
  }
});

it('moves the carts out of the kept server reads, and refused orders out of the dismissable refusals, at version 7', async () => {
  const v6 = new Dexie(replicaName(userId));
  v6.version(1).stores({ products: 'id', menus: 'id', savedMenus: 'id, menuId', account: 'id', outbox: '++seq', refusals: 'seq', meta: 'key' });
  v6.version(2).stores({ photos: 'id, status' });
  v6.version(3).stores({ inquiries: 'id', seenSnapshots: 'savedMenuId' });
  v6.version(4).stores({ serverReads: 'key' });
  v6.version(5).stores({ customers: 'id', priceLists: 'id' });
  v6.version(6).stores({ orders: 'id, status' });
  const cart = { menuId: 'menu-1', lines: [{ productId: 'p1', quantity: '20' }], note: 'Back door' };
  const figures = { key: 'seller-dashboard', value: { totalViews: 3 }, savedAt: '2025-01-02T00:00:00.000Z' };
  await v6.table('serverReads').bulkPut([{ key: 'cart:menu-1', value: cart, savedAt: '2025-01-02T00:00:00.000Z' }, figures]);
  const order = { name: 'order.create', args: { id: 'order-1', menuId: 'menu-1', lines: cart.lines, note: '' } };
  const otherRefusal = { seq: 2, name: 'product.update', reason: 'not_found', message: 'Gone', refusedAt: '2025-01-03T00:00:00.000Z' };
  await v6
    .table('refusals')
    .bulkPut([{ seq: 1, name: 'order.create', reason: 'conflict', message: 'Not enough in stock', refusedAt: '2025-01-03T00:00:00.000Z', mutation: order }, otherRefusal]);
  await v6.table('outbox').add({ mutation: { name: 'product.delete', args: { id: 'p' } }, createdAt: '2025-01-01T00:00:00.000Z' });
  v6.close();

  const db = new ReplicaDb(userId);
  try {
    await db.open();
    expect(db.verno).toBe(19);
    expect(await db.carts.toArray()).toEqual([cart]);
    expect(await db.serverReads.toArray()).toEqual([figures]);
    expect(await db.keptRefusals.toArray()).toEqual([
      { seq: 1, name: 'order.create', id: 'order-1', reason: 'conflict', message: 'Not enough in stock', refusedAt: '2025-01-03T00:00:00.000Z', mutation: order },
    ]);
    expect(await db.refusals.toArray()).toEqual([otherRefusal]);
    expect(await db.outbox.count()).toBe(1);
  } finally {
    db.close();
  }
});

it('keeps every row of version 7 when adding the remembered import choices at version 15', async () => {
  const v7 = new Dexie(replicaName(userId));
  v7.version(1).stores({ products: 'id', menus: 'id', savedMenus: 'id, menuId', account: 'id', outbox: '++seq', refusals: 'seq', meta: 'key' });
  v7.version(2).stores({ photos: 'id, status' });
  v7.version(3).stores({ inquiries: 'id', seenSnapshots: 'savedMenuId' });
  v7.version(4).stores({ serverReads: 'key' });
  v7.version(5).stores({ customers: 'id', priceLists: 'id' });
  v7.version(6).stores({ orders: 'id, status' });
  v7.version(7).stores({ carts: 'menuId', keptRefusals: '[name+id]' });
  const cart = { menuId: 'menu-1', lines: [{ productId: 'p1', quantity: '2' }], note: '' };
  await v7.table('carts').put(cart);
  await v7.table('outbox').add({ mutation: { name: 'product.delete', args: { id: 'p' } }, createdAt: '2025-01-01T00:00:00.000Z' });
  v7.close();

  const db = new ReplicaDb(userId);
  try {
    await db.open();
    expect(db.verno).toBe(19);
    expect(await db.carts.toArray()).toEqual([cart]);
    expect(await db.outbox.count()).toBe(1);
    await db.importChoices.put({ importer: 'products', choices: { columns: [] } });
    expect(await db.importChoices.get('products')).toEqual({ importer: 'products', choices: { columns: [] } });
  } finally {
    db.close();
  }
});
