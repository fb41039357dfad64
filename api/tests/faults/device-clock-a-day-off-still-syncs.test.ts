/**
 * A device whose clock is a day ahead or a day behind the server's. The
 * protocol carries no device time (sync/contract/protocol.ts: sequences and server
 * cursors only), so such a device must sync as any other: its engine runs on
 * its own clock and its outbox entries are stamped with it, yet its pushes
 * apply in outbox order, every timestamp the server keeps is the server's,
 * and what depends on time (the trial, a link's expiry, the session) is
 * judged by the server's clock.
 *
 * Real pieces: SyncEngine and DexieSyncStore (fake-indexeddb) on a clock of
 * the device's own, and the API in process on the server's clock.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Device, InProcessTransport, ManualClock } from '../support/device';
import { entitlementOf } from '../../../sync/rules/entitlements';
import { TRIAL_DAYS } from '../../../sync/contract/constants';
import type { OutboxEntry } from '../../../sync/device/engine/sync-engine';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import type { Mutation } from '../../../sync/contract/mutations';
import { createTestApp, DAY_MS, type TestApp } from '../../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;
const SKEWS = [
  ['a day ahead', DAY_MS],
  ['a day behind', -DAY_MS],
] as const;

let t: TestApp;
const devices: Device[] = [];
beforeEach(() => {
  t = createTestApp();
});
afterEach(async () => {
  for (const device of devices.splice(0)) {
    device.close();
    await device.db.delete();
  }
  t.close();
});

/** A device of `seller` whose clock is `skewMs` off the server's: its engine's clock, and the time its outbox entries are stamped with. */
function deviceOff(seller: AuthResponse, skewMs: number) {
  const transport = new InProcessTransport(t.request, seller.token);
  const clock = new ManualClock();
  clock.nowMs = t.clock.now().getTime() + skewMs;
  const device = new Device(`${seller.user.id}-${skewMs}`, seller.user.id, transport, {
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    random: () => 0.5,
  });
  clock.busy = () => device.engine.getStatus().phase === 'syncing';
  devices.push(device);
  /** Adds to the outbox as mutate() does, stamped with the device's time now (or `atMs` on its clock). */
  const write = (mutation: Mutation, atMs = clock.now()) => device.db.outbox.add({ mutation, createdAt: new Date(atMs).toISOString() } as OutboxEntry);
  return { device, clock, transport, write };
}

const serverProducts = async (token: string) => (await t.request<Product[]>('GET', '/api/products', { token })).body;
const byId = <T extends { id: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe('a device whose clock is a day off', () => {
  it.each(SKEWS)('%s: its pushes apply in its outbox order, the server stamps its own time, and the pull after the push brings the change', async (_name, skewMs) => {
    const seller = await t.registerUser('seller');
    const { device, clock, transport, write } = deviceOff(seller, skewMs);
    const [first, second] = [randomUUID(), randomUUID()];
    await write({ name: 'product.create', args: { id: first, strainName: 'First', pricePerUnit: '10' } });
    await write({ name: 'product.update', args: { id: first, changes: { pricePerUnit: '20' } } }, clock.now() + HOUR_MS);
    // The device's clock was set back two days between these edits: the later edit carries the earlier time.
    await write({ name: 'product.update', args: { id: first, changes: { pricePerUnit: '30' } } }, clock.now() - 2 * DAY_MS);
    await write({ name: 'product.create', args: { id: second, strainName: 'Second' } });

    const serverBefore = t.clock.now().getTime();
    await device.engine.syncNow();
    const serverAfter = t.clock.now().getTime();

    expect(device.engine.getStatus()).toMatchObject({ phase: 'idle', failures: 0, lastError: null });
    expect(await device.outbox()).toEqual([]);
    expect(await device.db.refusals.count()).toBe(0);
    expect(transport.appliedSeqs()).toEqual([1, 2, 3, 4]);
    const listed = await serverProducts(seller.token);
    expect(listed.find((product) => product.id === first)?.pricePerUnit).toBe('30.00');
    for (const product of listed) {
      for (const stamp of [product.createdAt, product.updatedAt]) {
        expect(Date.parse(stamp)).toBeGreaterThanOrEqual(serverBefore);
        expect(Date.parse(stamp)).toBeLessThanOrEqual(serverAfter);
      }
    }
    expect(byId(await device.db.products.toArray())).toEqual(byId(listed));
    expect(listed).toHaveLength(2);
  });

  it.each(SKEWS)('%s: its session is the server’s to judge: stamped with the server’s time, and good for the device', async (_name, skewMs) => {
    const registeredAt = t.clock.now().getTime();
    const seller = await t.registerUser('seller');
    const { exp } = decodeJwt(seller.token);
    expect(exp! * 1000).toBeGreaterThanOrEqual(Math.floor(registeredAt / 1000) * 1000 + t.services.env.SESSION_DAYS * DAY_MS);
    expect(exp! * 1000).toBeLessThanOrEqual(t.clock.now().getTime() + t.services.env.SESSION_DAYS * DAY_MS);

    const { device, write } = deviceOff(seller, skewMs);
    await write({ name: 'product.create', args: { id: randomUUID(), strainName: 'Signed in' } });
    await device.engine.syncNow();
    expect(device.engine.getStatus().phase).toBe('idle');
    expect(await serverProducts(seller.token)).toHaveLength(1);
  });

  it('the trial is judged by the server’s clock: a device a day ahead, past the end by its own, still saves; one a day behind, before the end by its own, is refused', async () => {
    const registeredAt = t.clock.now().getTime();
    const seller = await t.registerUser('seller');
    const trialEndsAt = Date.parse(seller.user.trialEndsAt!);
    expect(trialEndsAt).toBeGreaterThanOrEqual(registeredAt + TRIAL_DAYS * DAY_MS);
    expect(trialEndsAt).toBeLessThanOrEqual(t.clock.now().getTime() + TRIAL_DAYS * DAY_MS);

    // 12 hours before the end, by the server's clock.
    t.clock.advance(trialEndsAt - 12 * HOUR_MS - t.clock.now().getTime());
    const ahead = deviceOff(seller, DAY_MS);
    expect(entitlementOf(seller.user, new Date(ahead.clock.now())).state).toBe('trial_ended');
    const saved = randomUUID();
    await ahead.write({ name: 'product.create', args: { id: saved, strainName: 'Saved in the last hours' } });
    await ahead.device.engine.syncNow();
    expect(ahead.transport.appliedSeqs()).toEqual([1]);
    expect(await ahead.device.db.refusals.count()).toBe(0);

    // 12 hours after the end, by the server's clock.
    t.clock.advance(DAY_MS);
    const behind = deviceOff(seller, -DAY_MS);
    expect(entitlementOf(seller.user, new Date(behind.clock.now())).state).toBe('trialing');
    await behind.write({ name: 'product.create', args: { id: randomUUID(), strainName: 'Too late' } });
    await behind.device.engine.syncNow();
    expect(behind.transport.appliedSeqs()).toEqual([]);
    expect(await behind.device.db.refusals.toArray()).toEqual([expect.objectContaining({ seq: 1, reason: 'subscription_required' })]);
    expect((await serverProducts(seller.token)).map((product) => product.id)).toEqual([saved]);
  });

  it('a menu link’s expiry is checked against the server’s clock, whatever the clock of the device that set it', async () => {
    const seller = await t.registerUser('seller');
    const ahead = deviceOff(seller, DAY_MS);
    const behind = deviceOff(seller, -DAY_MS);
    const serverNow = t.clock.now().getTime();
    // By the device a day ahead, this expiry passed 23 hours ago; by the one a day behind, it is 25 hours away.
    const menu = (name: string, linkExpiresAt: number) => ({
      id: randomUUID(),
      publicLinkId: randomUUID(),
      name,
      isPublic: true,
      linkExpiresAt: new Date(linkExpiresAt).toISOString(),
    });
    const stillOpen = menu('Open for an hour', serverNow + HOUR_MS);
    const alreadyClosed = menu('Closed an hour ago', serverNow - HOUR_MS);
    await ahead.write({ name: 'menu.create', args: stillOpen });
    await behind.write({ name: 'menu.create', args: alreadyClosed });
    await ahead.device.engine.syncNow();
    await behind.device.engine.syncNow();
    expect([...ahead.transport.appliedSeqs(), ...behind.transport.appliedSeqs()]).toEqual([1, 1]);

    expect((await t.request('GET', `/api/public/menu/${stillOpen.publicLinkId}`)).status).toBe(200);
    expect((await t.request('GET', `/api/public/menu/${alreadyClosed.publicLinkId}`)).status).toBe(404);
    t.clock.advance(2 * HOUR_MS);
    expect((await t.request('GET', `/api/public/menu/${stillOpen.publicLinkId}`)).status).toBe(404);
  });
});
