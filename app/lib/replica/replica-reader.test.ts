/**
 * The shared read of the replica, on fake-indexeddb: every screen gets the same view, a pending change shows on top of
 * what was pulled, a pull reads again only the collections it changed, and a sync that found nothing new gives the
 * screens nothing to draw again.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../sync/device/engine/sync-engine';
import { orderFixture, productFixture, pullFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { DexieSyncStore } from './dexie-sync-store';
import { ReplicaDb } from './replica-db';
import { replicaReaderOf, type ReplicaView } from './replica-reader';

const userId = '00000000-0000-4000-8000-00000000a001';
const seller = userFixture({ id: userId, role: 'seller' });
const glacier = productFixture({ id: '00000000-0000-4000-8000-00000000b001', userId, strainName: 'Glacier Kush' });
const firstOrder = orderFixture({ id: '00000000-0000-4000-8000-00000000c001', sellerTeamId: userId, number: 'ORD-1' });
const secondOrder = orderFixture({ id: '00000000-0000-4000-8000-00000000c002', sellerTeamId: userId, number: 'ORD-2' });

const opened: ReplicaDb[] = [];
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const db of opened.splice(0)) await db.delete();
});

async function pulledReplica() {
  const db = new ReplicaDb(userId);
  opened.push(db);
  const store = new DexieSyncStore(db, () => new Date(firstOrder.updatedAt));
  await store.applyPull(pullFixture(seller, { products: [glacier], orders: [firstOrder] }));
  return { db, store, reader: replicaReaderOf(db) };
}

/** Watches the reader as a screen does; `draws` counts the views it was given. */
function watch(reader: ReturnType<typeof replicaReaderOf>) {
  const watcher = { draws: 0 };
  stops.push(reader.subscribe(() => (watcher.draws += 1)));
  return watcher;
}

async function viewWhere(reader: ReturnType<typeof replicaReaderOf>, ready: (view: ReplicaView) => boolean): Promise<ReplicaView> {
  await vi.waitFor(() => expect(reader.view() && ready(reader.view()!)).toBe(true));
  return reader.view()!;
}

describe('the shared read of the replica', () => {
  it('gives every screen the same view, with a pending change on top of what was pulled', async () => {
    const { db, reader } = await pulledReplica();
    watch(reader);
    watch(reader);
    await db.outbox.add({ mutation: { name: 'product.update', args: { id: glacier.id, changes: { strainName: 'Glacier OG' } } }, createdAt: glacier.createdAt } as OutboxEntry);
    const view = await viewWhere(reader, (shown) => shown.products.get(glacier.id)?.strainName === 'Glacier OG');
    expect(view.orders.get(firstOrder.id)?.number).toBe('ORD-1');
    expect(replicaReaderOf(db).view()).toBe(view);
  });

  it('reads again only the collections a pull changed', async () => {
    const { store, reader } = await pulledReplica();
    watch(reader);
    const before = await viewWhere(reader, (shown) => shown.downloaded);
    await store.applyPull(pullFixture(seller, { cursor: 2, orders: [secondOrder] }));
    const after = await viewWhere(reader, (shown) => shown.orders.has(secondOrder.id));
    expect(after.products).toBe(before.products);
    expect([...after.orders.keys()].sort()).toEqual([firstOrder.id, secondOrder.id]);
  });

  it('shows a product deleted on the server as gone', async () => {
    const { store, reader } = await pulledReplica();
    watch(reader);
    await viewWhere(reader, (shown) => shown.products.has(glacier.id));
    await store.applyPull(pullFixture(seller, { cursor: 2, deleted: [{ entity: 'product', id: glacier.id }] }));
    await viewWhere(reader, (shown) => !shown.products.has(glacier.id));
  });

  it('gives the screens nothing new to draw after a sync that found nothing new', async () => {
    const { db, store, reader } = await pulledReplica();
    const screen = watch(reader);
    const before = await viewWhere(reader, (shown) => shown.downloaded);
    const drawsBefore = screen.draws;
    await store.applyPull(pullFixture(seller, { cursor: 3 }));
    // A change the read does see afterwards proves the empty pull was read and passed over.
    await db.outbox.add({ mutation: { name: 'product.update', args: { id: glacier.id, changes: { strainName: 'Glacier OG' } } }, createdAt: glacier.createdAt } as OutboxEntry);
    await viewWhere(reader, (shown) => shown.products.get(glacier.id)?.strainName === 'Glacier OG');
    expect(screen.draws).toBe(drawsBefore + 1);
    expect(reader.view()!.orders).toBe(before.orders);
  });

  it('reads again only the rows a pull touched: the others stay as they were read, and the rows come in id order', async () => {
    const { store, reader } = await pulledReplica();
    watch(reader);
    const before = await viewWhere(reader, (shown) => shown.downloaded);
    const renamed = { ...firstOrder, number: 'ORD-1B' };
    const earlierId = orderFixture({ id: '00000000-0000-4000-8000-00000000c000', sellerTeamId: userId, number: 'ORD-0' });
    await store.applyPull(pullFixture(seller, { cursor: 2, orders: [secondOrder] }));
    const afterOne = await viewWhere(reader, (shown) => shown.orders.has(secondOrder.id));
    expect(afterOne.orders.get(firstOrder.id)).toBe(before.orders.get(firstOrder.id));
    await store.applyPull(pullFixture(seller, { cursor: 3, orders: [renamed, earlierId] }));
    const afterTwo = await viewWhere(reader, (shown) => shown.orders.get(firstOrder.id)?.number === 'ORD-1B');
    expect(afterTwo.orders.get(secondOrder.id)).toBe(afterOne.orders.get(secondOrder.id));
    expect([...afterTwo.orders.keys()]).toEqual([earlierId.id, firstOrder.id, secondOrder.id]);
  });
});
