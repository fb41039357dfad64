/**
 * POST /api/sync/push against the guarantees of the sync design
 * (sync/README.md, properties 1, 5 and 8) and sync/contract/protocol.ts step 1.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse, User } from '../../sync/entities/user';
import { AppError, type ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { MAX_PUSH_BATCH, pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { menus, products, syncClients, syncClock, syncRefusals, users } from '../db/schema';
import * as productService from '../products/product-service';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

type Pushed = { seq: number; name: MutationName; args: unknown };

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const mutation = (seq: number, name: MutationName, args: unknown): Pushed => ({ seq, name, args });

function push(app: TestApp, token: string, clientId: string, mutations: unknown[]) {
  return app.request<PushResponse & ErrorBody>('POST', '/api/sync/push', { token, body: { clientId, mutations } });
}

/** A push that must succeed; its answer is checked against the protocol's schema. */
async function pushOk(token: string, clientId: string, mutations: Pushed[], app: TestApp = t): Promise<PushResponse> {
  const res = await push(app, token, clientId, mutations);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pushResponseSchema.parse(res.body);
}

const createArgs = (strainName: string, extra: Record<string, unknown> = {}) => ({ id: randomUUID(), strainName, ...extra });

const productRow = async (id: string, app: TestApp = t) => await app.services.db.read.select().from(products).where(eq(products.id, id)).get();
const menuRow = async (id: string) => await t.services.db.read.select().from(menus).where(eq(menus.id, id)).get();
const productCountOf = async (userId: string, app: TestApp = t) => (await app.services.db.read.select().from(products).where(eq(products.userId, userId)).all()).length;
const syncClient = async (clientId: string, app: TestApp = t) => await app.services.db.read.select().from(syncClients).where(eq(syncClients.clientId, clientId)).get();
const refusal = async (clientId: string, seq: number, app: TestApp = t) =>
  await app.services.db.read
    .select()
    .from(syncRefusals)
    .where(and(eq(syncRefusals.clientId, clientId), eq(syncRefusals.seq, seq)))
    .get();
const changeClock = async () => (await t.services.db.read.select().from(syncClock).get())!.version;

const listProducts = async (token: string) => (await t.request<Product[]>('GET', '/api/products', { token })).body;

describe('Property 1: a mutation pushed twice is applied once', () => {
  it('the same push sent twice changes nothing the second time', async () => {
    const clientId = randomUUID();
    const created = createArgs('Twice sent', { pricePerUnit: '10' });
    const batch = [mutation(1, 'product.create', created), mutation(2, 'product.update', { id: created.id, changes: { pricePerUnit: '12.5' } })];
    const countBefore = await productCountOf(seller.user.id);

    const first = await pushOk(seller.token, clientId, batch);
    expect(first).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'applied' },
        { seq: 2, outcome: 'applied' },
      ],
    });
    const afterFirst = (await productRow(created.id))!;
    expect(afterFirst.priceCents).toBe(1250);
    expect(await productCountOf(seller.user.id)).toBe(countBefore + 1);

    const second = await pushOk(seller.token, clientId, batch);
    expect(second).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'duplicate' },
        { seq: 2, outcome: 'duplicate' },
      ],
    });
    expect(await productCountOf(seller.user.id)).toBe(countBefore + 1);
    expect(await productRow(created.id)).toEqual(afterFirst);
    expect((await syncClient(clientId))?.lastSeq).toBe(2);
  });

  it('a batch retried after a dropped response applies only what the server had not processed (1..5 duplicate, 6..8 applied)', async () => {
    const local = createTestApp();
    try {
      const me = await local.registerUser('seller');
      const clientId = randomUUID();
      const all = Array.from({ length: 8 }, (_, i) => mutation(i + 1, 'product.create', createArgs(`Lot ${i + 1}`)));

      // The server commits 1..5, but the answer never reaches the device.
      await pushOk(me.token, clientId, all.slice(0, 5), local);
      const versionsBefore = await Promise.all(all.slice(0, 5).map(async (m) => (await productRow((m.args as { id: string }).id, local))?.version));
      expect(versionsBefore.every((v) => typeof v === 'number')).toBe(true);

      // The device retries its whole outbox, now grown to 8.
      const retry = await pushOk(me.token, clientId, all, local);
      expect(retry.lastProcessedSeq).toBe(8);
      expect(retry.results).toEqual([...[1, 2, 3, 4, 5].map((seq) => ({ seq, outcome: 'duplicate' })), ...[6, 7, 8].map((seq) => ({ seq, outcome: 'applied' }))]);
      expect(await productCountOf(me.user.id, local)).toBe(8);
      expect(await Promise.all(all.slice(0, 5).map(async (m) => (await productRow((m.args as { id: string }).id, local))?.version))).toEqual(versionsBefore);
      for (const m of all) expect((await productRow((m.args as { id: string }).id, local))?.userId).toBe(me.user.id);
      expect((await syncClient(clientId, local))?.lastSeq).toBe(8);
    } finally {
      local.close();
    }
  });
});

describe('Property 5: a push cut off midway writes nothing, and its retry applies everything once', () => {
  it('a crash part way through a batch answers 500, writes none of the batch, and the retry applies each mutation once', async () => {
    const me = await t.registerUser('seller');
    const clientId = randomUUID();
    await pushOk(
      me.token,
      clientId,
      [1, 2, 3].map((seq) => mutation(seq, 'product.create', createArgs(`Before crash ${seq}`))),
    );
    expect((await syncClient(clientId))?.lastSeq).toBe(3);

    const first = createArgs('Batch first');
    const second = createArgs('Batch second');
    const menu = { id: randomUUID(), publicLinkId: randomUUID(), name: 'Batch menu', productIds: [first.id, second.id] };
    const batch = [mutation(4, 'product.create', first), mutation(5, 'product.create', second), mutation(6, 'menu.create', menu)];

    // The two creations (applied together) write their rows, then the server fails with a non-AppError (a crash).
    const original = productService.createProducts;
    let calls = 0;
    const crash = vi.spyOn(productService, 'createProducts').mockImplementation(async (...args) => {
      calls += 1;
      const created = await original(...args);
      throw new TypeError(`simulated crash in the middle of a push, after ${created.length} products`);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clockBefore = await changeClock();
    const countBefore = await productCountOf(me.user.id);

    const crashed = await push(t, me.token, clientId, batch);
    expect(crashed.status).toBe(500);
    expect(crashed.headers.get('content-type')).toContain('application/json');
    expect(crashed.body.message).toEqual(expect.any(String));
    expect(crashed.body.message).not.toContain('simulated crash');
    expect(calls).toBe(1);
    expect(logged).toHaveBeenCalled();

    // Nothing of the batch, not even the mutation that succeeded before the crash.
    expect(await productRow(first.id)).toBeUndefined();
    expect(await productRow(second.id)).toBeUndefined();
    expect(await menuRow(menu.id)).toBeUndefined();
    expect(await productCountOf(me.user.id)).toBe(countBefore);
    expect((await syncClient(clientId))?.lastSeq).toBe(3);
    expect(await changeClock()).toBe(clockBefore);
    for (const seq of [4, 5, 6]) expect(await refusal(clientId, seq)).toBeUndefined();

    crash.mockRestore();
    const retry = await pushOk(me.token, clientId, batch);
    expect(retry).toEqual({
      lastProcessedSeq: 6,
      results: [4, 5, 6].map((seq) => ({ seq, outcome: 'applied' })),
    });
    expect(await productCountOf(me.user.id)).toBe(countBefore + 2);
    const menuNow = await t.request<Menu>('GET', `/api/menus/${menu.id}`, { token: me.token });
    expect(menuNow.body.productIds).toEqual([first.id, second.id]);

    // And once more: the retry of the retry changes nothing.
    const again = await pushOk(me.token, clientId, batch);
    expect(again.results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await productCountOf(me.user.id)).toBe(countBefore + 2);
  });
});

describe('Property 8: a refused mutation is answered like its REST route, leaves nothing, and does not hold back the ones behind it', () => {
  it('a validation refusal (strainName blank) matches POST /api/products, writes nothing, and the next mutation applies', async () => {
    const rest = await t.request<ErrorBody>('POST', '/api/products', { token: seller.token, body: { strainName: '' } });
    expect(rest.status).toBe(400);

    const clientId = randomUUID();
    const bad = createArgs('');
    const good = createArgs('Queued after the bad one');
    const res = await pushOk(seller.token, clientId, [mutation(1, 'product.create', bad), mutation(2, 'product.create', good)]);
    expect(res).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'refused', reason: 'validation', message: rest.body.message },
        { seq: 2, outcome: 'applied' },
      ],
    });
    expect(await productRow(bad.id)).toBeUndefined();
    expect((await productRow(good.id))?.strainName).toBe('Queued after the bad one');
    expect(await refusal(clientId, 1)).toMatchObject({ name: 'product.create', reason: 'validation', message: rest.body.message });
  });

  it("a not_found refusal (another seller's product) matches PUT /api/products/:id and leaves their product unchanged", async () => {
    const theirs = await t.request<Product>('POST', '/api/products', { token: otherSeller.token, body: { strainName: 'Theirs', pricePerUnit: '10' } });
    expect(theirs.status).toBe(201);
    const rest = await t.request<ErrorBody>('PUT', `/api/products/${theirs.body.id}`, { token: seller.token, body: { pricePerUnit: '1' } });
    expect(rest.status).toBe(404);
    const stored = await productRow(theirs.body.id);

    const clientId = randomUUID();
    const good = createArgs('After the not-found');
    const res = await pushOk(seller.token, clientId, [
      mutation(1, 'product.update', { id: theirs.body.id, changes: { pricePerUnit: '1' } }),
      mutation(2, 'product.delete', { id: theirs.body.id }),
      mutation(3, 'product.create', good),
    ]);
    expect(res).toEqual({
      lastProcessedSeq: 3,
      results: [
        { seq: 1, outcome: 'refused', reason: 'not_found', message: rest.body.message },
        { seq: 2, outcome: 'refused', reason: 'not_found', message: rest.body.message },
        { seq: 3, outcome: 'applied' },
      ],
    });
    expect(await productRow(theirs.body.id)).toEqual(stored);
    expect((await productRow(good.id))?.userId).toBe(seller.user.id);
  });

  it('a forbidden refusal (menu.create by a buyer) matches POST /api/menus, and the buyer’s next mutation applies', async () => {
    const rest = await t.request<ErrorBody>('POST', '/api/menus', { token: buyer.token, body: { name: 'Not mine to make' } });
    expect(rest.status).toBe(403);

    const clientId = randomUUID();
    const menu = { id: randomUUID(), publicLinkId: randomUUID(), name: 'Not mine to make' };
    const res = await pushOk(buyer.token, clientId, [mutation(1, 'menu.create', menu), mutation(2, 'profile.update', { city: 'Denver' })]);
    expect(res).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'refused', reason: 'forbidden', message: rest.body.message },
        { seq: 2, outcome: 'applied' },
      ],
    });
    expect(await menuRow(menu.id)).toBeUndefined();
    expect((await t.services.db.read.select().from(users).where(eq(users.id, buyer.user.id)).get())?.city).toBe('Denver');
  });

  it('a subscription_required refusal (trial ended) matches POST /api/products, and the next mutation applies', async () => {
    const local = createTestApp();
    try {
      const me = await local.registerUser('seller');
      local.clock.advance(15 * DAY_MS);
      const rest = await local.request<ErrorBody>('POST', '/api/products', { token: me.token, body: { strainName: 'After expiry' } });
      expect(rest.status).toBe(402);

      const clientId = randomUUID();
      const refused = createArgs('After expiry');
      const res = await pushOk(me.token, clientId, [mutation(1, 'product.create', refused), mutation(2, 'profile.update', { businessName: 'Still here' })], local);
      expect(res).toEqual({
        lastProcessedSeq: 2,
        results: [
          { seq: 1, outcome: 'refused', reason: 'subscription_required', message: rest.body.message },
          { seq: 2, outcome: 'applied' },
        ],
      });
      expect(await productRow(refused.id, local)).toBeUndefined();
      expect(await productCountOf(me.user.id, local)).toBe(0);
      const profile = await local.request<User>('GET', '/api/auth/user', { token: me.token });
      expect(profile.body.businessName).toBe('Still here');
      expect((await refusal(clientId, 1, local))?.reason).toBe('subscription_required');
    } finally {
      local.close();
    }
  });

  it('a refusal in the middle of a batch advances lastProcessedSeq past it, and a retry repeats the refusal without re-running it', async () => {
    const clientId = randomUUID();
    const product = createArgs('Middle of batch', { pricePerUnit: '5' });
    const batch = [
      mutation(1, 'product.create', product),
      mutation(2, 'product.update', { id: product.id, changes: { thcPercentage: '101' } }),
      mutation(3, 'product.update', { id: product.id, changes: { pricePerUnit: '6' } }),
    ];
    const res = await pushOk(seller.token, clientId, batch);
    expect(res.lastProcessedSeq).toBe(3);
    expect(res.results.map((r) => [r.seq, r.outcome, r.reason])).toEqual([
      [1, 'applied', undefined],
      [2, 'refused', 'validation'],
      [3, 'applied', undefined],
    ]);
    expect(res.results[1]?.message).toBe('THC % must be between 0 and 100');
    expect(await productRow(product.id)).toMatchObject({ priceCents: 600, thcHundredths: null });
    expect((await syncClient(clientId))?.lastSeq).toBe(3);

    const retry = await pushOk(seller.token, clientId, batch);
    expect(retry.results.map((r) => [r.outcome, r.reason, r.message])).toEqual([
      ['duplicate', undefined, undefined],
      ['refused', 'validation', 'THC % must be between 0 and 100'],
      ['duplicate', undefined, undefined],
    ]);
    expect(retry.lastProcessedSeq).toBe(3);
    expect(await productRow(product.id)).toMatchObject({ priceCents: 600, thcHundredths: null });
  });

  it('a mutation refused after it had written rolls back only its own writes (savepoint), and the rest of the batch commits', async () => {
    const clientId = randomUUID();
    const before = createArgs('Before the refusal');
    const refused = createArgs('Written then refused');
    const after = createArgs('After the refusal');
    const written = (input: unknown) => (input as { id: string }).id === refused.id;
    // Applied together, the three are written and then refused as a whole; one at a time, only the middle one is.
    const originalBatch = productService.createProducts;
    vi.spyOn(productService, 'createProducts').mockImplementation(async (services, user, inputs, by) => {
      const created = await originalBatch(services, user, inputs, by);
      if (inputs.some(written)) throw new AppError('conflict', 'Refused after writing');
      return created;
    });
    const original = productService.createProduct;
    vi.spyOn(productService, 'createProduct').mockImplementation(async (services, user, input, by) => {
      const created = await original(services, user, input, by);
      if (written(input)) throw new AppError('conflict', 'Refused after writing');
      return created;
    });

    const res = await pushOk(seller.token, clientId, [mutation(1, 'product.create', before), mutation(2, 'product.create', refused), mutation(3, 'product.create', after)]);
    expect(res.results).toEqual([
      { seq: 1, outcome: 'applied' },
      { seq: 2, outcome: 'refused', reason: 'conflict', message: 'Refused after writing' },
      { seq: 3, outcome: 'applied' },
    ]);
    expect(await productRow(before.id)).toBeDefined();
    expect(await productRow(refused.id)).toBeUndefined();
    expect(await productRow(after.id)).toBeDefined();
  });
});

describe('sequence order', () => {
  it('mutations apply in sequence order even when the array is sent out of order', async () => {
    const clientId = randomUUID();
    const product = createArgs('Ordered', { pricePerUnit: '1' });
    const res = await pushOk(seller.token, clientId, [
      mutation(2, 'product.update', { id: product.id, changes: { strainName: 'Ordered, then renamed', pricePerUnit: '2' } }),
      mutation(1, 'product.create', product),
    ]);
    expect(res).toEqual({
      lastProcessedSeq: 2,
      results: [
        { seq: 1, outcome: 'applied' },
        { seq: 2, outcome: 'applied' },
      ],
    });
    const stored = (await listProducts(seller.token)).find((p) => p.id === product.id);
    expect(stored).toMatchObject({ strainName: 'Ordered, then renamed', pricePerUnit: '2.00' });
  });

  it('conflicts: the last write of each field wins, and a deletion wins over a later edit', async () => {
    const product = createArgs('Shared', { pricePerUnit: '10', description: 'Original' });
    await pushOk(seller.token, randomUUID(), [mutation(1, 'product.create', product)]);
    const phone = randomUUID();
    const tablet = randomUUID();
    await pushOk(seller.token, phone, [mutation(1, 'product.update', { id: product.id, changes: { pricePerUnit: '11' } })]);
    await pushOk(seller.token, tablet, [mutation(1, 'product.update', { id: product.id, changes: { description: 'Tablet notes' } })]);
    expect((await listProducts(seller.token)).find((p) => p.id === product.id)).toMatchObject({
      pricePerUnit: '11.00',
      description: 'Tablet notes',
    });

    await pushOk(seller.token, phone, [mutation(2, 'product.delete', { id: product.id })]);
    const late = await pushOk(seller.token, tablet, [mutation(2, 'product.update', { id: product.id, changes: { pricePerUnit: '12' } })]);
    expect(late.results).toEqual([{ seq: 2, outcome: 'refused', reason: 'not_found', message: productService.PRODUCT_NOT_FOUND }]);
    expect(await productRow(product.id)).toBeUndefined();
  });
});

describe('a device id belongs to one account', () => {
  it('a client id used by one user cannot be used by another, for push (403) or pull (403)', async () => {
    const clientId = randomUUID();
    await pushOk(seller.token, clientId, [mutation(1, 'product.create', createArgs('First owner'))]);

    const stolen = createArgs('Second user');
    const pushed = await push(t, otherSeller.token, clientId, [mutation(2, 'product.create', stolen)]);
    expect(pushed.status).toBe(403);
    expect(pushed.body).toMatchObject({ reason: 'forbidden', message: expect.any(String) });
    expect(await productRow(stolen.id)).toBeUndefined();
    expect(await syncClient(clientId)).toMatchObject({ userId: seller.user.id, lastSeq: 1 });

    const pulled = await t.request<ErrorBody>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: otherSeller.token });
    expect(pulled.status).toBe(403);
    expect(pulled.body).toMatchObject({ reason: 'forbidden', message: expect.any(String) });

    const own = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: seller.token });
    expect(own.status).toBe(200);
    expect(own.body.lastProcessedSeq).toBe(1);
  });
});

describe('push validation', () => {
  async function expectRefusedWhole(body: unknown, message?: string) {
    const clockBefore = await changeClock();
    const countBefore = await productCountOf(seller.user.id);
    const res = await t.request<ErrorBody>('POST', '/api/sync/push', { token: seller.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.reason).toBe('validation');
    expect(res.body.message).toEqual(expect.any(String));
    if (message) expect(res.body.message).toBe(message);
    expect(await changeClock()).toBe(clockBefore);
    expect(await productCountOf(seller.user.id)).toBe(countBefore);
    return res.body;
  }

  it('a mutation name not in the catalogue is a 400 with a message, and nothing of the batch is written', async () => {
    const clientId = randomUUID();
    const good = createArgs('Beside an unknown mutation');
    await expectRefusedWhole({
      clientId,
      mutations: [mutation(1, 'product.create', good), { seq: 2, name: 'product.destroyEverything', args: {} }],
    });
    expect(await productRow(good.id)).toBeUndefined();
    expect(await syncClient(clientId)).toBeUndefined();
  });

  it('a clientId that is not a UUID is a 400 with a message, and nothing is written', async () => {
    const good = createArgs('From a bad client id');
    await expectRefusedWhole({ clientId: 'not-a-uuid', mutations: [mutation(1, 'product.create', good)] }, 'clientId must be a UUID');
    expect(await productRow(good.id)).toBeUndefined();
    expect(await syncClient('not-a-uuid')).toBeUndefined();
  });

  it(`over ${MAX_PUSH_BATCH} mutations is a 400 with a message, and nothing is written`, async () => {
    const clientId = randomUUID();
    const batch = Array.from({ length: MAX_PUSH_BATCH + 1 }, (_, i) => mutation(i + 1, 'product.create', createArgs(`Bulk ${i}`)));
    await expectRefusedWhole({ clientId, mutations: batch }, `At most ${MAX_PUSH_BATCH} mutations per push`);
    expect(await productRow((batch[0]!.args as { id: string }).id)).toBeUndefined();
    expect(await syncClient(clientId)).toBeUndefined();
  });

  it('exactly the largest batch is accepted', async () => {
    const local = createTestApp();
    try {
      const me = await local.registerUser('seller');
      const batch = Array.from({ length: MAX_PUSH_BATCH }, (_, i) => mutation(i + 1, 'product.create', createArgs(`Bulk ${i}`)));
      const res = await pushOk(me.token, randomUUID(), batch, local);
      expect(res.lastProcessedSeq).toBe(MAX_PUSH_BATCH);
      expect(await productCountOf(me.user.id, local)).toBe(MAX_PUSH_BATCH);
    } finally {
      local.close();
    }
  });

  it('a malformed body, a bad sequence number, or no sign-in are refused before anything is written', async () => {
    await expectRefusedWhole('{not json', 'The request body must be valid JSON');
    await expectRefusedWhole({ clientId: randomUUID(), mutations: [mutation(0, 'product.create', createArgs('Seq zero'))] });
    await expectRefusedWhole({ clientId: randomUUID(), mutations: [mutation(1.5, 'product.create', createArgs('Seq fraction'))] });
    await expectRefusedWhole({ clientId: randomUUID() });
    const anonymous = await t.request<ErrorBody>('POST', '/api/sync/push', { body: { clientId: randomUUID(), mutations: [] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('a full batch', () => {
  it('is accepted above the 1 MB limit of ordinary requests: 240 products with long descriptions', async () => {
    const clientId = randomUUID();
    const description = 'Hand-trimmed, slow cured, dense and resinous. '.repeat(100);
    const batch = Array.from({ length: 240 }, (_, i) => mutation(i + 1, 'product.create', createArgs(`Batch ${i}`, { description })));
    expect(JSON.stringify(batch).length).toBeGreaterThan(1024 * 1024);
    const res = await pushOk(seller.token, clientId, batch);
    expect(res.lastProcessedSeq).toBe(240);
    expect(res.results.every((result) => result.outcome === 'applied')).toBe(true);
  });
});
