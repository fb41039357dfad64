/**
 * The newest version of the replica (photos, conversations, seen copies) on a
 * device that has version 1: the upgrade keeps every row, the outbox above
 * all, and the new tables work.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { ReplicaDb, replicaName } from './replica-db';

const userId = '00000000-0000-4000-8000-0000000c0001';

afterEach(async () => {
  await Dexie.delete(replicaName(userId));
});

it('keeps the outbox and the replica when upgrading from version 1', async () => {
  const v1 = new Dexie(replicaName(userId));
  v1.version(1).stores({ products: 'id', menus: 'id', savedMenus: 'id, menuId', account: 'id', outbox: '++seq', refusals: 'seq', meta: 'key' });
  await v1.table('outbox').bulkAdd([
    { mutation: { name: 'product.create', args: { id: 'a', strainName: 'Kept' } }, createdAt: '2025-01-01T00:00:00.000Z' },
    { mutation: { name: 'product.delete', args: { id: 'b' } }, createdAt: '2025-01-01T00:00:01.000Z' },
  ]);
  await v1.table('meta').put({ key: 'cursor', value: 42 });
  v1.close();

  const db = new ReplicaDb(userId);
  try {
    await db.open();
    expect(db.verno).toBe(3);
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
