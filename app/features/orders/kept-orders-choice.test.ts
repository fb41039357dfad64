/**
 * The window of closed orders chosen for a device, on fake-indexeddb: the store asks the server for that window, lets
 * go of what falls out of a shorter one, and a longer one brings back what the device had let go with a whole pull.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import { orderFixture, pullFixture, userFixture } from '../../../sync/testing/entity-fixtures';
import { DexieSyncStore } from '../../lib/replica/dexie-sync-store';
import { ReplicaDb } from '../../lib/replica/replica-db';
import { chooseKeptClosedDays } from './kept-orders-choice';

const userId = '00000000-0000-4000-8000-00000000d001';
const seller = userFixture({ id: userId });
const now = new Date('2025-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
const cancelledLongAgo = orderFixture({ id: '00000000-0000-4000-8000-00000000d101', status: 'cancelled', updatedAt: daysAgo(45) });
const openOrder = orderFixture({ id: '00000000-0000-4000-8000-00000000d102', status: 'accepted', updatedAt: daysAgo(200) });

const opened: ReplicaDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function deviceWithOrders() {
  const db = new ReplicaDb(userId);
  opened.push(db);
  const store = new DexieSyncStore(db, () => now);
  await store.applyPull(pullFixture(seller, { cursor: 9, full: true, orders: [cancelledLongAgo, openOrder] }));
  return { db, store };
}

const keptIds = async (db: ReplicaDb) => (await db.orders.toArray()).map((order) => order.id).sort();

describe('the window of closed orders a device keeps', () => {
  it('is the usual 90 days until the person chooses', async () => {
    const { store } = await deviceWithOrders();
    expect(await store.readPullScope()).toEqual({ keepClosedDays: ORDER_WORKING_SET_DAYS });
  });

  it('once a month, asks the server for a month and lets go at the next pull of what closed before it', async () => {
    const { db, store } = await deviceWithOrders();
    await chooseKeptClosedDays(db, 30);
    expect(await store.readPullScope()).toEqual({ keepClosedDays: 30 });
    expect(await store.readCursor()).toBe(9);
    await store.applyPull(pullFixture(seller, { cursor: 10, keepClosedDays: 30 }));
    expect(await keptIds(db)).toEqual([openOrder.id]);
  });

  it('once a year, pulls everything again, so the orders it had let go come back, and then goes on from there', async () => {
    const { db, store } = await deviceWithOrders();
    await chooseKeptClosedDays(db, 30);
    await store.applyPull(pullFixture(seller, { cursor: 10, keepClosedDays: 30 }));
    await chooseKeptClosedDays(db, 365);
    expect(await store.readPullScope()).toEqual({ keepClosedDays: 365 });
    expect(await store.readCursor()).toBe(0);
    await store.applyPull(pullFixture(seller, { cursor: 11, full: true, keepClosedDays: 365, orders: [cancelledLongAgo, openOrder] }));
    expect(await keptIds(db)).toEqual([cancelledLongAgo.id, openOrder.id].sort());
    expect(await store.readCursor()).toBe(11);
  });

  it('chosen longer while a pull asked with the old window is on its way: that pull changes what it brings and nothing else, and the whole pull still comes', async () => {
    const { db, store } = await deviceWithOrders();
    await chooseKeptClosedDays(db, 365);
    await store.applyPull(pullFixture(seller, { cursor: 10, keepClosedDays: 90 }));
    expect(await keptIds(db)).toEqual([cancelledLongAgo.id, openOrder.id].sort());
    expect(await store.readCursor()).toBe(0);
  });
});
