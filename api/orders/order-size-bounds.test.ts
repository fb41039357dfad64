/**
 * How large one order and one push may be: an order lists at most MAX_ORDER_LINES products, refused under its lines
 * over REST and in a push; a push carries at most MAX_PUSH_LINES order lines in all, so one push cannot hold the
 * database's write lock for long (the device splits its outbox to fit, sync/device/engine/sync-engine.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '../../sync/entities/order';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { MAX_PUSH_LINES, pushResponseSchema, type PushResponse } from '../../sync/contract/protocol';
import { orders, syncClock } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let customerId: string;
let menuId: string;
let productIds: string[];

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
  productIds = Array.from({ length: MAX_ORDER_LINES + 1 }, () => randomUUID());
  const created = await t.request<PushResponse>('POST', '/api/sync/push', {
    token: seller.token,
    body: {
      clientId: randomUUID(),
      mutations: productIds.map((id, n) => ({ seq: n + 1, name: 'product.create', args: { id, strainName: `Strain ${n}`, pricePerUnit: '1', availableQuantity: '1000' } })),
    },
  });
  expect(created.status).toBe(200);
  customerId = (await t.request<{ id: string }>('POST', '/api/customers', { token: seller.token, body: { name: 'Green Door' } })).body.id;
  menuId = (await t.request<{ id: string }>('POST', '/api/menus', { token: seller.token, body: { name: 'Everything', isPublic: true, productIds } })).body.id;
});
afterAll(() => t.close());

const lines = (count: number) => productIds.slice(0, count).map((productId) => ({ productId, quantity: '1' }));
const ordersOfSeller = async () => (await t.services.db.read.select({ id: orders.id }).from(orders).where(eq(orders.sellerId, seller.user.id)).all()).length;
const changeClock = async () => (await t.services.db.read.select().from(syncClock).get())!.version;
const TOO_MANY_LINES = `An order lists at most ${MAX_ORDER_LINES} products`;

describe(`an order of more than ${MAX_ORDER_LINES} products`, () => {
  it.each([
    ['a buyer', () => buyer, () => ({ menuId })],
    ['a seller', () => seller, () => ({ customerId })],
  ])('placed by %s over REST is refused under its lines, and nothing is written', async (_, by, party) => {
    const before = await ordersOfSeller();
    const refused = await t.request<ErrorBody>('POST', '/api/orders', { token: by().token, body: { id: randomUUID(), ...party(), lines: lines(MAX_ORDER_LINES + 1) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ reason: 'validation', message: TOO_MANY_LINES, errors: { lines: TOO_MANY_LINES } });
    expect(await ordersOfSeller()).toBe(before);
    const largest = await t.request('POST', '/api/orders', { token: by().token, body: { id: randomUUID(), ...party(), lines: lines(MAX_ORDER_LINES) } });
    expect(largest.status).toBe(201);
  });

  it('sent in a push is refused with the same reason, and the next mutation applies', async () => {
    const pushed = await t.request<PushResponse>('POST', '/api/sync/push', {
      token: seller.token,
      body: {
        clientId: randomUUID(),
        mutations: [
          { seq: 1, name: 'order.create', args: { id: randomUUID(), customerId, lines: lines(MAX_ORDER_LINES + 1) } },
          { seq: 2, name: 'order.create', args: { id: randomUUID(), customerId, lines: lines(1) } },
        ],
      },
    });
    expect(pushed.status).toBe(200);
    expect(pushResponseSchema.parse(pushed.body).results).toEqual([
      { seq: 1, outcome: 'refused', reason: 'validation', message: TOO_MANY_LINES },
      { seq: 2, outcome: 'applied' },
    ]);
  });
});

describe(`a push of more than ${MAX_PUSH_LINES} order lines`, () => {
  const fullOrders = (count: number, fromSeq: number) =>
    Array.from({ length: count }, (_, n) => ({ seq: fromSeq + n, name: 'order.create', args: { id: randomUUID(), customerId, lines: lines(MAX_ORDER_LINES) } }));
  const fullOrdersPerPush = MAX_PUSH_LINES / MAX_ORDER_LINES;

  it('is refused as a whole before anything is written, and one of exactly that many lines is applied', async () => {
    const clientId = randomUUID();
    const [ordersBefore, clockBefore] = [await ordersOfSeller(), await changeClock()];
    const over = [...fullOrders(fullOrdersPerPush, 1), { seq: fullOrdersPerPush + 1, name: 'order.create', args: { id: randomUUID(), customerId, lines: lines(1) } }];
    const refused = await t.request<ErrorBody>('POST', '/api/sync/push', { token: seller.token, body: { clientId, mutations: over } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ reason: 'validation', message: `At most ${MAX_PUSH_LINES} order lines per push` });
    expect(await ordersOfSeller()).toBe(ordersBefore);
    expect(await changeClock()).toBe(clockBefore);

    const largest = await t.request<PushResponse>('POST', '/api/sync/push', { token: seller.token, body: { clientId, mutations: over.slice(0, fullOrdersPerPush) } });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect(pushResponseSchema.parse(largest.body).results.every((result) => result.outcome === 'applied')).toBe(true);
    expect(await ordersOfSeller()).toBe(ordersBefore + fullOrdersPerPush);
  });

  it('counts the items of order requests, and a reorder as a whole order', async () => {
    const requests = Array.from({ length: fullOrdersPerPush }, (_, n) => ({
      seq: n + 1,
      name: 'inquiry.create',
      args: { id: randomUUID(), menuId, kind: 'order', items: lines(MAX_ORDER_LINES) },
    }));
    const reorder = { seq: fullOrdersPerPush + 1, name: 'order.reorder', args: { id: randomUUID(), newOrderId: randomUUID() } };
    const refused = await t.request<ErrorBody>('POST', '/api/sync/push', { token: buyer.token, body: { clientId: randomUUID(), mutations: [...requests, reorder] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`At most ${MAX_PUSH_LINES} order lines per push`);
  });
});
