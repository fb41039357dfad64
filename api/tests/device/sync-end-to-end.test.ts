/**
 * The device end to end: SyncEngine + DexieSyncStore (fake-indexeddb) + the
 * real API in process, against the properties of the sync design
 * (sync/README.md). The network is cut and restored by the
 * transport; the engine's timers run on a hand-moved clock, so nothing waits.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DAY_MS, type TestApp } from '../../testing/test-app';
import { updateUser } from '../../db/repositories/users';
import { MESSAGES_PER_MINUTE } from '../../limits/quotas';
import * as productService from '../../products/product-service';
import { retryDelayMs } from '../../../sync/device/engine/backoff';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { AuthResponse } from '../../../sync/entities/user';
import type { Mutation } from '../../../sync/contract/mutations';
import { notSavedChanges, sendAgain } from '../../../app/lib/replica/not-saved';
import { byId, Device, InProcessTransport, ManualClock } from '../support/device';

const BACKOFF = { baseMs: 1_000, maxMs: 60_000 };
const JITTER = 0.5;
const DEBOUNCE_MS = 300;
const firstRetry = retryDelayMs(1, JITTER, BACKOFF);

let t: TestApp;
const devices: Device[] = [];

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  for (const device of devices.splice(0)) {
    device.close();
    await device.db.delete();
  }
});

type Rig = { seller: AuthResponse; transport: InProcessTransport; clock: ManualClock; device: () => Device; open: (batchSize?: number) => Device };

/** A seller, a transport with their token, a clock, and a way to open (and re-open) their device. */
async function rig(app: TestApp = t): Promise<Rig> {
  const seller = await app.registerUser('seller');
  const transport = new InProcessTransport(app.request, seller.token);
  const clock = new ManualClock();
  let current: Device | null = null;
  clock.busy = () => current?.engine.getStatus().phase === 'syncing';
  const open = (batchSize = 100) => {
    current = new Device(seller.user.id, seller.user.id, transport, {
      batchSize,
      backoff: BACKOFF,
      debounceMs: DEBOUNCE_MS,
      random: () => JITTER,
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    devices.push(current);
    return current;
  };
  return { seller, transport, clock, open, device: () => current! };
}

async function serverProducts(token: string, app: TestApp = t): Promise<Product[]> {
  const res = await app.request<Product[]>('GET', '/api/products', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function serverMenus(token: string, app: TestApp = t): Promise<Menu[]> {
  const res = await app.request<Menu[]>('GET', '/api/menus', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The device shows exactly the server's state, with nothing pending. */
async function expectDeviceEqualsServer(device: Device, token: string, app: TestApp = t): Promise<void> {
  const view = await device.view();
  expect(await device.outbox()).toEqual([]);
  expect(byId(view.products.values())).toEqual(byId(await serverProducts(token, app)));
  expect(byId(view.menus.values())).toEqual(byId(await serverMenus(token, app)));
}

const createProduct = (id: string, strainName: string, extra: Record<string, unknown> = {}): Mutation => ({
  name: 'product.create',
  args: { id, strainName, ...extra },
});
const updateProduct = (id: string, changes: Record<string, unknown>): Mutation => ({ name: 'product.update', args: { id, changes } });

describe('Property 2 / 9: offline changes, across a reload, reach the server in order after reconnecting, with no action', () => {
  it('queued offline, tab closed and reopened offline, then the network returns: the retry drains everything in order', async () => {
    const { seller, transport, clock, open } = await rig();
    transport.online = false;
    const p = randomUUID();
    const q = randomUUID();
    const menuId = randomUUID();

    // Session 1: the app starts offline; the person makes changes.
    const first = open();
    await first.engine.syncNow();
    expect(first.engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 1 });
    await first.write(createProduct(p, 'Blue Dream', { pricePerUnit: '1200' }));
    first.engine.schedule();
    await first.write(updateProduct(p, { strainName: 'Blue Dream v2' }), createProduct(q, 'Sour Diesel'));
    first.engine.schedule();
    await clock.advance(10 * firstRetry);
    expect(first.engine.getStatus().phase).toBe('retrying');
    expect((await first.view()).products.get(p)?.strainName).toBe('Blue Dream v2');

    // The tab is closed; nothing reached the server.
    first.close();
    expect(await serverProducts(seller.token)).toEqual([]);

    // Session 2: a new database object and a new engine find the queue, still offline; more changes.
    const second = open();
    expect((await second.outbox()).map((entry) => entry.seq)).toEqual([1, 2, 3]);
    await second.engine.syncNow();
    await second.write(
      { name: 'menu.create', args: { id: menuId, publicLinkId: randomUUID(), name: 'Spring list', productIds: [q, p] } },
      updateProduct(p, { strainName: 'Blue Dream Final', pricePerUnit: '1100.5' }),
      { name: 'product.delete', args: { id: q } },
    );
    second.engine.schedule();
    await clock.advance(5 * firstRetry);
    expect(second.engine.getStatus().phase).toBe('retrying');
    expect(transport.delivered).toEqual([]);
    const waiting = clock.pendingDelays();
    expect(waiting).toHaveLength(1);

    // The network returns. The person does nothing: no change, no syncNow, only time passing.
    transport.online = true;
    await clock.advance(waiting[0]!);

    expect(await second.outbox()).toEqual([]);
    expect(second.engine.getStatus()).toEqual({ phase: 'idle', failures: 0, lastError: null, failure: null, nextRetryAt: null });
    // In order, each once.
    expect(transport.appliedSeqs()).toEqual([1, 2, 3, 4, 5, 6]);
    const products = await serverProducts(seller.token);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ id: p, strainName: 'Blue Dream Final', pricePerUnit: '1100.50', userId: seller.user.id });
    const menus = await serverMenus(seller.token);
    expect(menus).toEqual([expect.objectContaining({ id: menuId, name: 'Spring list', productIds: [p] })]);
    expect(await second.db.refusals.toArray()).toEqual([]);
    await expectDeviceEqualsServer(second, seller.token);
  });

  it('a reopened app drains on start (syncNow at start), more than one batch, in order', async () => {
    const { seller, transport, open } = await rig();
    transport.online = false;
    const ids = Array.from({ length: 7 }, () => randomUUID());
    const first = open(3);
    await first.write(...ids.map((id, i) => createProduct(id, `Lot ${i + 1}`)));
    await first.engine.syncNow();
    first.close();

    transport.online = true;
    const second = open(3);
    await second.engine.syncNow();

    expect(transport.delivered.map(({ request }) => request.mutations.map((mutation) => mutation.seq))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(transport.appliedSeqs()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(byId(await serverProducts(seller.token)).map((product) => product.id)).toEqual([...ids].sort());
    await expectDeviceEqualsServer(second, seller.token);
  });
});

describe('Property 4: a refused mutation leaves no trace after the next pull and is shown with its reason', () => {
  it('a create the server refuses and an edit of a product deleted elsewhere vanish from the view; both are recorded with the reason', async () => {
    const { seller, open } = await rig();
    const device = open();
    const kept = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Kept', pricePerUnit: '10' } })).body;
    const doomed = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Doomed' } })).body;
    await device.engine.syncNow();
    expect(
      byId((await device.view()).products.values())
        .map((product) => product.strainName)
        .sort(),
    ).toEqual(['Doomed', 'Kept']);

    // Another device deletes "Doomed"; this one, not knowing, edits it, and creates a product on a menu that does not exist.
    expect((await t.request('DELETE', `/api/products/${doomed.id}`, { token: seller.token })).status).toBe(204);
    const orphan = randomUUID();
    const [editSeq, createSeq] = await device.write(
      updateProduct(doomed.id, { strainName: 'Doomed, edited' }),
      createProduct(orphan, 'On no menu', { selectedMenus: [randomUUID()] }),
    );
    const before = await device.view();
    expect(before.products.get(doomed.id)?.strainName).toBe('Doomed, edited');
    expect(before.products.get(orphan)?.strainName).toBe('On no menu');

    await device.engine.syncNow();

    const after = await device.view();
    expect(after.products.has(doomed.id)).toBe(false);
    expect(after.products.has(orphan)).toBe(false);
    expect(after.products.get(kept.id)).toEqual(kept);
    await expectDeviceEqualsServer(device, seller.token);

    expect(await device.db.refusals.toArray()).toEqual([
      {
        seq: editSeq,
        name: 'product.update',
        reason: 'not_found',
        message: 'Product not found',
        refusedAt: expect.any(String),
        mutation: updateProduct(doomed.id, { strainName: 'Doomed, edited' }),
      },
    ]);
    // The refused new product is kept apart with everything typed into it, to edit and send again.
    expect(await device.db.keptRefusals.toArray()).toEqual([
      {
        seq: createSeq,
        id: orphan,
        name: 'product.create',
        reason: 'validation',
        message: expect.stringMatching(/menu/i),
        refusedAt: expect.any(String),
        mutation: expect.objectContaining({ name: 'product.create', args: expect.objectContaining({ id: orphan, strainName: 'On no menu' }) }),
      },
    ]);
  });

  it('an edit made after the trial lapsed is refused (subscription_required) but stays on the device, and is accepted when sent again after subscribing', async () => {
    const app = createTestApp();
    try {
      const { seller, open } = await rig(app);
      const device = open();
      const product = (await app.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Trial era', pricePerUnit: '50' } })).body;
      await device.engine.syncNow();

      app.clock.advance(15 * DAY_MS); // past the 14-day trial, within the 30-day session
      const [seq] = await device.write(updateProduct(product.id, { pricePerUnit: '45' }));
      expect((await device.view()).products.get(product.id)?.pricePerUnit).toBe('45.00');

      await device.engine.syncNow();

      // Refused, and the server still has the old price, but what was typed is still on screen.
      const refusals = await device.db.refusals.toArray();
      expect(refusals).toEqual([
        {
          seq,
          name: 'product.update',
          reason: 'subscription_required',
          message: expect.stringContaining('Subscribe'),
          refusedAt: expect.any(String),
          mutation: updateProduct(product.id, { pricePerUnit: '45' }),
        },
      ]);
      expect((await serverProducts(seller.token, app)).find((row) => row.id === product.id)?.pricePerUnit).toBe('50.00');
      expect((await device.view()).products.get(product.id)?.pricePerUnit).toBe('45.00');

      // The seller subscribes; sent again, the same change is accepted and the device matches the server.
      await app.services.db.transaction((tx) => updateUser(tx.db, seller.user.id, { subscriptionStatus: 'active' }, tx.version, app.clock.now()));
      await sendAgain(device.db, notSavedChanges(refusals)[0]!);
      await device.engine.syncNow();

      expect(await device.db.refusals.count()).toBe(0);
      expect((await serverProducts(seller.token, app)).find((row) => row.id === product.id)?.pricePerUnit).toBe('45.00');
      await expectDeviceEqualsServer(device, seller.token, app);
      device.close();
      await device.db.delete();
    } finally {
      app.close();
    }
  });
});

describe('Property 8: a refused mutation does not hold back the valid ones queued after it', () => {
  it.each([
    { batchSize: 100, label: 'in one push' },
    { batchSize: 1, label: 'one per push' },
  ])('refusals in the middle of the queue, $label: every valid mutation after them is applied', async ({ batchSize }) => {
    const { seller, transport, open } = await rig();
    const device = open(batchSize);
    const a = randomUUID();
    const b = randomUUID();
    const c = randomUUID();
    const menuId = randomUUID();
    await device.write(
      createProduct(a, 'Alpha'),
      createProduct(b, 'Bravo', { selectedMenus: [randomUUID()] }), // refused: no such menu
      updateProduct(a, { pricePerUnit: '99.9' }),
      updateProduct(randomUUID(), { strainName: 'Nobody' }), // refused: no such product
      createProduct(c, 'Charlie'),
      { name: 'menu.create', args: { id: menuId, publicLinkId: randomUUID(), name: 'After refusals', productIds: [a, c] } },
    );

    await device.engine.syncNow();

    expect((await device.db.keptRefusals.toArray()).map((refusal) => [refusal.seq, refusal.reason])).toEqual([[2, 'validation']]);
    expect((await device.db.refusals.toArray()).map((refusal) => [refusal.seq, refusal.reason])).toEqual([[4, 'not_found']]);
    expect(transport.appliedSeqs()).toEqual([1, 3, 5, 6]);
    const products = byId(await serverProducts(seller.token));
    expect(products.map((product) => product.id)).toEqual([a, c].sort());
    expect(products.find((product) => product.id === a)?.pricePerUnit).toBe('99.90');
    expect(await serverMenus(seller.token)).toEqual([expect.objectContaining({ id: menuId, productIds: [a, c] })]);
    await expectDeviceEqualsServer(device, seller.token);
  });
});

describe('Property 5: killing the server mid-push loses nothing and doubles nothing', () => {
  const script = (ids: string[], menuId: string): Mutation[] => [
    createProduct(ids[0]!, 'One', { pricePerUnit: '10' }),
    createProduct(ids[1]!, 'Two'),
    updateProduct(ids[0]!, { pricePerUnit: '11' }),
    { name: 'menu.create', args: { id: menuId, publicLinkId: randomUUID(), name: 'Kill test', productIds: [ids[1]!] } },
    createProduct(ids[2]!, 'Three', { selectedMenus: [menuId] }),
    updateProduct(ids[0]!, { pricePerUnit: '12' }),
    createProduct(ids[3]!, 'Four'),
    { name: 'product.delete', args: { id: ids[1]! } },
  ];

  async function expectAppliedOnce(rigged: Rig, ids: string[], menuId: string): Promise<void> {
    const { seller, transport, device } = rigged;
    expect(await device().outbox()).toEqual([]);
    expect(await device().db.refusals.toArray()).toEqual([]);
    // Each sequence applied once, in order, whatever was re-sent.
    expect(transport.appliedSeqs()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const products = byId(await serverProducts(seller.token));
    expect(products.map((product) => product.id)).toEqual([ids[0], ids[2], ids[3]].sort());
    expect(products.find((product) => product.id === ids[0])?.pricePerUnit).toBe('12.00');
    expect(await serverMenus(seller.token)).toEqual([expect.objectContaining({ id: menuId, productIds: [ids[2]] })]);
    await expectDeviceEqualsServer(device(), seller.token);
  }

  it('the answer is lost after the server committed (twice in a row, mid-queue): the retries apply each mutation exactly once', async () => {
    const rigged = await rig();
    const { transport, clock, open } = rigged;
    const device = open(3);
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const menuId = randomUUID();
    await device.write(...script(ids, menuId));
    // Push 1 answers; push 2 is committed but its answer lost; on the retry, push 1's answer is lost too.
    transport.faults = ['none', 'after', 'after'];

    await device.engine.syncNow();
    expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 1 });
    expect((await serverProducts(rigged.seller.token)).length).toBeGreaterThan(0);
    await clock.advance(firstRetry);
    expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 2 });
    await clock.advance(retryDelayMs(2, JITTER, BACKOFF));

    expect(device.engine.getStatus().phase).toBe('idle');
    // Some pushes carried mutations the server had already applied; it skipped them.
    const duplicates = transport.delivered.flatMap(({ body }) =>
      (body as { results: Array<{ seq: number; outcome: string }> }).results.filter((result) => result.outcome === 'duplicate'),
    );
    expect(duplicates.length).toBeGreaterThan(0);
    await expectAppliedOnce(rigged, ids, menuId);
  });

  it('the request never reaches the server (it is down): the retry applies everything once', async () => {
    const rigged = await rig();
    const { transport, clock, open } = rigged;
    const device = open(3);
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const menuId = randomUUID();
    await device.write(...script(ids, menuId));
    transport.faults = ['none', 'before'];

    await device.engine.syncNow();
    expect(device.engine.getStatus().phase).toBe('retrying');
    expect(transport.delivered).toHaveLength(1);
    await clock.advance(firstRetry);

    await expectAppliedOnce(rigged, ids, menuId);
  });

  it('the server crashes inside a batch (500, the batch rolled back): the retry applies everything once', async () => {
    const rigged = await rig();
    const { clock, open } = rigged;
    const device = open(4);
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const menuId = randomUUID();
    await device.write(...script(ids, menuId));
    // A push applies a run of creations at once (`createProducts`): the crash comes after it has written its rows.
    const original = productService.createProducts;
    const crash = vi.spyOn(productService, 'createProducts').mockImplementation(async (...args) => {
      const created = await original(...args);
      throw new TypeError(`simulated crash in the middle of a push, after ${created.length} products`);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await device.engine.syncNow();
    expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failures: 1 });
    expect(await serverProducts(rigged.seller.token)).toEqual([]);

    crash.mockRestore();
    await clock.advance(firstRetry);
    await expectAppliedOnce(rigged, ids, menuId);
  });
});

describe('a session that expired offline', () => {
  it('costs nothing: the engine waits for sign-in, then pushes the queue with the new token', async () => {
    const { seller, transport, clock, open } = await rig();
    const device = open();
    const id = randomUUID();
    await device.write(createProduct(id, 'Queued before expiry'));
    transport.token = 'expired-token';

    await device.engine.syncNow();
    expect(device.engine.getStatus().phase).toBe('needs-sign-in');
    await clock.advance(60 * 60_000);
    expect(transport.delivered.map(({ status }) => status)).toEqual([401]);
    expect(await device.outbox()).toHaveLength(1);

    transport.token = seller.token;
    await device.engine.resume();
    expect((await serverProducts(seller.token)).map((product) => product.id)).toEqual([id]);
    await expectDeviceEqualsServer(device, seller.token);
  });
});

describe("the server's message quota", () => {
  it('a push over it keeps the rest on the device, which sends it by itself after Retry-After: every inquiry once, none refused', async () => {
    // The server's clock stands still but for the minute the test moves it: the wait it names cannot depend on how long the push took.
    const startedAt = new Date();
    const app = createTestApp({ now: () => startedAt });
    try {
      const seller = await app.registerUser('seller');
      const product = await app.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '5' } });
      const menu = await app.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'List', isPublic: true, productIds: [product.body.id] } });
      const buyer = await app.registerUser('buyer');
      const transport = new InProcessTransport(app.request, buyer.token);
      const clock = new ManualClock();
      const device = new Device(buyer.user.id, buyer.user.id, transport, {
        backoff: BACKOFF,
        random: () => JITTER,
        now: clock.now,
        setTimer: clock.setTimer,
        clearTimer: clock.clearTimer,
      });
      devices.push(device);
      clock.busy = () => device.engine.getStatus().phase === 'syncing';
      const sent = Array.from({ length: MESSAGES_PER_MINUTE + 2 }, () => randomUUID());
      await device.write(...sent.map((id): Mutation => ({ name: 'inquiry.create', args: { id, menuId: menu.body.id, kind: 'message', message: 'In stock?' } })));

      await device.engine.syncNow();
      expect(transport.delivered.map(({ status }) => status)).toEqual([429]);
      expect(device.engine.getStatus()).toMatchObject({ phase: 'retrying', failure: 'rate_limited', lastError: 'You have sent too many messages. Please try again in 1 minute.' });
      expect((await device.outbox()).map((entry) => (entry.mutation.args as { id: string }).id)).toEqual(sent.slice(MESSAGES_PER_MINUTE));
      const inquiryIds = async () => (await app.request<Array<{ id: string }>>('GET', '/api/inquiries', { token: buyer.token })).body.map((inquiry) => inquiry.id).sort();
      expect(await inquiryIds()).toEqual(sent.slice(0, MESSAGES_PER_MINUTE).sort());

      app.clock.advance(60_000);
      await clock.advance(60_000);
      expect(transport.delivered.map(({ status }) => status)).toEqual([429, 200]);
      expect(await inquiryIds()).toEqual([...sent].sort());
      expect(await device.outbox()).toEqual([]);
      expect(await device.db.refusals.toArray()).toEqual([]);
      expect(device.engine.getStatus().phase).toBe('idle');
    } finally {
      await app.close();
    }
  });
});
