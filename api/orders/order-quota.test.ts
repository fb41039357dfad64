/**
 * The order quota: per account per minute and per day, and per hour to any one other party, over REST and over a sync
 * push, where a push crossing it keeps what came before, stops there and loses nothing after. The first test is the
 * flood the security review found (one new buyer's thousands of orders, each mailing the seller) with the quotas as
 * shipped; the others set small quotas through the environment, as an operator would.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { customers, mailOutbox, orders, teamMembers } from '../db/schema';
import { DEFAULT_ORDER_LIMITS, Quotas } from '../limits/quotas';
import { RedisLimitStore } from '../platform/limits/redis-limit-store';
import { describeWithRedis, testRedisConnections, testRedisPrefix } from '../testing/shared-services';
import { createTestApp, type TestApp } from '../testing/test-app';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TOO_MANY = /^You have placed too many orders\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/;

type World = { seller: AuthResponse; otherSeller: AuthResponse; buyer: AuthResponse; otherBuyer: AuthResponse; menu: Menu; otherMenu: Menu; productId: string };

let t: TestApp;
afterEach(() => t?.close());

async function publicMenu(owner: AuthResponse): Promise<{ menu: Menu; productId: string }> {
  const product = await t.request<{ id: string }>('POST', '/api/products', { token: owner.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '100000' } });
  const menu = await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'List', isPublic: true, productIds: [product.body.id] } });
  return { menu: menu.body, productId: product.body.id };
}

/** A fresh server with these order quotas (the shipped ones when none is given), two sellers with a public menu each and two buyers. */
async function start(limits: { ORDERS_PER_MINUTE?: string; ORDERS_PER_DAY?: string; ORDERS_PER_PAIR_PER_HOUR?: string } = {}): Promise<World> {
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z'), env: limits });
  const [seller, otherSeller, buyer, otherBuyer] = [await t.registerUser('seller'), await t.registerUser('seller'), await t.registerUser('buyer'), await t.registerUser('buyer')];
  const first = await publicMenu(seller);
  const other = await publicMenu(otherSeller);
  return { seller, otherSeller, buyer, otherBuyer, menu: first.menu, otherMenu: other.menu, productId: first.productId };
}

const buyerOrderArgs = (menu: Menu, quantity = '1') => ({ id: randomUUID(), menuId: menu.id, lines: [{ productId: menu.productIds[0]!, quantity }] });
const order = (account: AuthResponse, menu: Menu, quantity?: string) =>
  t.request<Order & ErrorBody>('POST', '/api/orders', { token: account.token, body: buyerOrderArgs(menu, quantity) });

async function orderMany(account: AuthResponse, menu: Menu, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const placed = await order(account, menu);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }
}

function expectOverQuota(res: { status: number; body: ErrorBody; headers: Headers }, retryAfterSeconds: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.reason).toBe('rate_limited');
  expect(res.body.message).toMatch(TOO_MANY);
  expect(Number(res.headers.get('retry-after'))).toBe(retryAfterSeconds);
}

const ordersOfSeller = (sellerId: string) =>
  t.services.db.read.select({ id: orders.id, number: orders.number, buyerId: orders.buyerId }).from(orders).where(eq(orders.sellerId, sellerId)).orderBy(asc(orders.number)).all();
const mailTo = async (userId: string, kind: string) =>
  (
    await t.services.db.read
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
      .all()
  ).length;

describe('order quota over REST', () => {
  it('stops a new buyer ordering as fast as they can: refused with 429 past the hourly quota for that seller, writing and mailing nothing more', async () => {
    const { seller, buyer, otherBuyer, menu, otherMenu } = await start();
    const perPair = DEFAULT_ORDER_LIMITS.perPairPerHour;
    await orderMany(buyer, menu, perPair);

    for (let attempt = 0; attempt < 20; attempt++) expectOverQuota(await order(buyer, menu), 3600);
    const refused = await order(buyer, menu);
    expect(refused.body.message).toBe('You have placed too many orders. Please try again in 60 minutes.');
    expect((await ordersOfSeller(seller.user.id)).length).toBe(perPair);
    // The seller hears of each order written, and of nothing refused.
    expect(await mailTo(seller.user.id, 'order-request')).toBe(perPair);

    // Another buyer, and this buyer with another seller, are not held back.
    expect((await order(otherBuyer, menu)).status).toBe(201);
    expect((await order(buyer, otherMenu)).status).toBe(201);
    t.clock.advance(HOUR_MS);
    const after = await order(buyer, menu);
    expect(after.status).toBe(201);
    // Refused orders took no number: the next is numbered right after the last one written.
    expect(after.body.number).toBe(`SO-${1001 + perPair + 1}`);
  });

  it('limits an account per minute across sellers, and lets it order again once the minute has passed', async () => {
    const { buyer, otherBuyer, menu, otherMenu } = await start({ ORDERS_PER_MINUTE: '5' });
    await orderMany(buyer, menu, 3);
    await orderMany(buyer, otherMenu, 2);
    expectOverQuota(await order(buyer, otherMenu), 60);
    expect((await order(otherBuyer, menu)).status).toBe(201);
    t.clock.advance(MINUTE_MS - 1_000);
    expectOverQuota(await order(buyer, menu), 1);
    t.clock.advance(1_000);
    expect((await order(buyer, menu)).status).toBe(201);
  });

  it('limits an account per day', async () => {
    const { buyer, menu, otherMenu } = await start({ ORDERS_PER_DAY: '6' });
    for (let hour = 0; hour < 3; hour++) {
      await orderMany(buyer, hour % 2 ? otherMenu : menu, 2);
      t.clock.advance(HOUR_MS);
    }
    const refused = await order(buyer, menu);
    expectOverQuota(refused, 21 * 3600);
    expect(refused.body.message).toBe('You have placed too many orders. Please try again in 21 hours.');
    t.clock.advance(21 * HOUR_MS);
    expect((await order(buyer, menu)).status).toBe(201);
  });

  it("counts a seller team's orders for the team, per customer: the owner's and a rep's together", async () => {
    const { seller, productId } = await start({ ORDERS_PER_PAIR_PER_HOUR: '3' });
    const rep = await t.registerUser('seller');
    const [shared, other] = [randomUUID(), randomUUID()];
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(teamMembers).set({ teamId: seller.user.id, role: 'rep' }).where(eq(teamMembers.userId, rep.user.id)).run();
      const now = t.services.now();
      const entry = (id: string, name: string) => ({ id, userId: seller.user.id, name, repUserId: rep.user.id, version: tx.version, createdAt: now, updatedAt: now });
      await tx.db
        .insert(customers)
        .values([entry(shared, 'Green Door'), entry(other, 'Corner Shop')])
        .run();
    });
    const write = (by: AuthResponse, customerId: string) =>
      t.request<Order & ErrorBody>('POST', '/api/orders', { token: by.token, body: { id: randomUUID(), customerId, lines: [{ productId, quantity: '1' }] } });

    for (const by of [seller, rep, seller]) expect((await write(by, shared)).status).toBe(201);
    expectOverQuota(await write(rep, shared), 3600);
    expectOverQuota(await write(seller, shared), 3600);
    expect((await write(rep, other)).status).toBe(201);
  });

  it('counts a reorder as an order', async () => {
    const { buyer, menu } = await start({ ORDERS_PER_PAIR_PER_HOUR: '2' });
    const first = await order(buyer, menu);
    await orderMany(buyer, menu, 1);
    const again = await t.request<ErrorBody>('POST', `/api/orders/${first.body.id}/reorder`, { token: buyer.token, body: { newOrderId: randomUUID() } });
    expectOverQuota(again, 3600);
  });

  it('spends none of the quota on an order refused for what it says, or sent twice', async () => {
    const { seller, buyer, menu } = await start({ ORDERS_PER_PAIR_PER_HOUR: '2' });
    const short = await order(buyer, menu, '1000000');
    expect(short.status).toBe(409);
    const sent = buyerOrderArgs(menu);
    expect((await t.request('POST', '/api/orders', { token: buyer.token, body: sent })).status).toBe(201);
    expect((await t.request<ErrorBody>('POST', '/api/orders', { token: buyer.token, body: sent })).body.message).toBe('This order was already sent');
    expect((await order(buyer, menu)).status).toBe(201);
    expect((await ordersOfSeller(seller.user.id)).length).toBe(2);
  });
});

describe('order quota in a sync push', () => {
  type Pushed = { seq: number; name: MutationName; args: unknown };
  const pushFrom = (account: AuthResponse, clientId: string, mutations: Pushed[]) =>
    t.request<PushResponse & ErrorBody>('POST', '/api/sync/push', { token: account.token, body: { clientId, mutations } });
  const lastProcessed = async (account: AuthResponse, clientId: string) =>
    (await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: account.token })).body.lastProcessedSeq;

  it("stops a seller's run of orders at the quota, keeps those before it, and a retry after the wait applies the rest once, numbered without a gap", async () => {
    const { seller, productId } = await start({ ORDERS_PER_MINUTE: '5' });
    const customer = await t.request<{ id: string }>('POST', '/api/customers', { token: seller.token, body: { name: 'Green Door' } });
    const orderArgs = () => ({ id: randomUUID(), customerId: customer.body.id, lines: [{ productId, quantity: '1' }] });
    const clientId = randomUUID();
    const productAfter = { id: randomUUID(), strainName: 'After the orders' };
    const batch: Pushed[] = [
      ...Array.from({ length: 8 }, (_, i) => ({ seq: i + 1, name: 'order.create' as const, args: orderArgs() })),
      { seq: 9, name: 'product.create', args: productAfter },
    ];

    const limited = await pushFrom(seller, clientId, batch);
    expectOverQuota(limited, 60);
    expect((await ordersOfSeller(seller.user.id)).map((row) => row.id)).toEqual(batch.slice(0, 5).map((m) => (m.args as { id: string }).id));
    expect(await lastProcessed(seller, clientId)).toBe(5);
    // What follows the order over the quota waits too, whatever it is.
    expect((await t.request('GET', `/api/products/${productAfter.id}`, { token: seller.token })).status).toBe(404);

    t.clock.advance(MINUTE_MS);
    const retried = await pushFrom(seller, clientId, batch);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const response = pushResponseSchema.parse(retried.body);
    expect(response.lastProcessedSeq).toBe(9);
    expect(response.results).toEqual([...[1, 2, 3, 4, 5].map((seq) => ({ seq, outcome: 'duplicate' })), ...[6, 7, 8, 9].map((seq) => ({ seq, outcome: 'applied' }))]);
    const written = await ordersOfSeller(seller.user.id);
    expect(written.map((row) => row.id)).toEqual(batch.slice(0, 8).map((m) => (m.args as { id: string }).id));
    expect(written.map((row) => row.number)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
  });

  it("stops a buyer's orders at the quota for that seller, with 429 and the hour's wait", async () => {
    const { seller, buyer, menu } = await start({ ORDERS_PER_PAIR_PER_HOUR: '3' });
    const clientId = randomUUID();
    const batch: Pushed[] = Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, name: 'order.create', args: buyerOrderArgs(menu) }));
    expectOverQuota(await pushFrom(buyer, clientId, batch), 3600);
    expect((await ordersOfSeller(seller.user.id)).length).toBe(3);
    expect(await lastProcessed(buyer, clientId)).toBe(3);
  });

  it('counts REST and push orders against one quota, and leaves another account pushing alone', async () => {
    const { buyer, otherBuyer, menu } = await start({ ORDERS_PER_MINUTE: '2' });
    await orderMany(buyer, menu, 2);
    expectOverQuota(await pushFrom(buyer, randomUUID(), [{ seq: 1, name: 'order.create', args: buyerOrderArgs(menu) }]), 60);
    const other = await pushFrom(otherBuyer, randomUUID(), [{ seq: 1, name: 'order.create', args: buyerOrderArgs(menu) }]);
    expect(other.status).toBe(200);
    expect(pushResponseSchema.parse(other.body).results).toEqual([{ seq: 1, outcome: 'applied' }]);
  });
});

describeWithRedis('order quota across processes', () => {
  const connect = testRedisConnections();

  it('counts orders placed through two processes sharing one Redis against one quota', async () => {
    const { buyer, menu } = await start();
    const prefix = testRedisPrefix();
    // Each process keeps its own quota store, on the one Redis.
    const processes = [0, 1].map(
      () => new Quotas(new RedisLimitStore(connect(prefix).commands, () => t.clock.now().getTime()), 100, { ...DEFAULT_ORDER_LIMITS, perPairPerHour: 3 }),
    );
    for (let n = 0; n < 3; n++) {
      t.services.quotas = processes[n % 2]!;
      expect((await order(buyer, menu)).status).toBe(201);
    }
    for (const quotas of processes) {
      t.services.quotas = quotas;
      expectOverQuota(await order(buyer, menu), 3600);
    }
  });
});
