/**
 * The outbox a device kept through the upgrade from version 1 is sent by the
 * real engine to the real API (in process), and every change lands once, also
 * when the answer to the first push is lost and the changes are sent again.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Product } from '../../../sync/entities/product';
import { writeVersion1Replica } from '../../../app/lib/replica/replica-db-test-support';
import { Device, InProcessTransport, ManualClock } from '../support/device';

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

it('sends the outbox kept by the upgrade from version 1, each change landing once', async () => {
  const seller = await t.registerUser('seller');
  const kept = randomUUID();
  const gone = randomUUID();
  await writeVersion1Replica(seller.user.id, [
    { name: 'product.create', args: { id: kept, strainName: 'Kept Kush' } },
    { name: 'product.create', args: { id: gone, strainName: 'Gone Glue' } },
    { name: 'product.update', args: { id: kept, changes: { strainName: 'Kept Kush v2' } } },
    { name: 'product.delete', args: { id: gone } },
  ]);

  const transport = new InProcessTransport(t.request, seller.token);
  // The first push reaches the server, but its answer is lost: the engine sends the same changes again.
  transport.faults = ['after'];
  const clock = new ManualClock();
  const device = new Device(seller.user.id, seller.user.id, transport, {
    random: () => 0.5,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  clock.busy = () => device.engine.getStatus().phase === 'syncing';
  try {
    await device.engine.syncNow();
    expect(device.db.verno).toBe(19);
    expect(device.engine.getStatus().phase).toBe('retrying');
    await clock.advance(60_000);

    expect(device.engine.getStatus().phase).toBe('idle');
    expect(await device.outbox()).toEqual([]);
    expect(transport.delivered).toHaveLength(2);
    expect(transport.appliedSeqs()).toEqual([1, 2, 3, 4]);
    const products = await t.request<Product[]>('GET', '/api/products', { token: seller.token });
    expect(products.body.map((product) => [product.id, product.strainName])).toEqual([[kept, 'Kept Kush v2']]);
    expect([...(await device.view()).products.keys()]).toEqual([kept]);
  } finally {
    device.close();
    await device.db.delete();
  }
});
