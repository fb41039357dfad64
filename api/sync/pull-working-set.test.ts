/**
 * A pull brings the orders a device keeps (sync/rules/order-working-set.ts): every open order, and those closed in the
 * last 90 days, or the window the device chose. The archive stays on the server, where the order list and the order
 * itself still answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order, OrderList } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pullResponseSchema } from '../../sync/contract/protocol';
import { ORDER_WORKING_SET_DAYS } from '../../sync/rules/order-working-set';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gummies: Product;
let menu: Menu;

const place = () => t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gummies.id, quantity: '10' }] }, 201);
const move = (order: Order, step: string, body?: unknown) => t.ok<Order>('POST', `/api/orders/${order.id}/${step}`, seller.token, body);

async function delivered(): Promise<Order> {
  const order = await place();
  await move(order, 'accept');
  await move(order, 'fulfil');
  return move(order, 'deliver', { lines: [] });
}

async function pulledOrderIds(account: AuthResponse, cursor = 0, keepClosedDays?: number): Promise<{ ids: string[]; cursor: number }> {
  const window = keepClosedDays === undefined ? '' : `&keepClosedDays=${keepClosedDays}`;
  const pull = pullResponseSchema.parse(await t.ok('GET', `/api/sync/pull?cursor=${cursor}&clientId=${randomUUID()}${window}`, account.token));
  return { ids: pull.orders.map((order) => order.id).sort(), cursor: pull.cursor };
}

const signIn = (account: AuthResponse) => t.ok<AuthResponse>('POST', '/api/auth/login', '', { email: account.user.email, password: TEST_PASSWORD });

beforeAll(async () => {
  t = createTestApp({ now: () => new Date('2031-01-10T09:00:00.000Z') });
  seller = await t.registerUser('seller', { businessName: 'Archive Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Archive Dispensary' });
  gummies = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gummies', pricePerUnit: '2.00', unitType: 'unit', availableQuantity: '1000' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'List', isPublic: true, productIds: [gummies.id] }, 201);
});
afterAll(() => t.close());

describe("a pull brings a device's working set of orders", () => {
  it('leaves out orders closed before the window, keeps open ones however old, and the archive still answers over REST', async () => {
    const oldCancelled = await place();
    await move(oldCancelled, 'cancel');
    const oldPaid = await delivered();
    await move(oldPaid, 'payments', { amount: '20.00', method: 'check', receivedAt: '2031-01-10' });
    const oldOpen = await place();
    const oldOwed = await delivered();
    // Paid in full, then delivered short: the $10 left over is the customer's credit, so the order stays.
    const oldOverpaid = await place();
    await move(oldOverpaid, 'accept');
    await move(oldOverpaid, 'payments', { amount: '20.00', method: 'cash', receivedAt: '2031-01-10' });
    await move(oldOverpaid, 'fulfil');
    expect(await move(oldOverpaid, 'deliver', { lines: [{ productId: gummies.id, deliveredQuantity: '5' }] })).toMatchObject({ paymentStatus: 'paid', credit: '10.00' });
    const before = await pulledOrderIds(seller);
    expect(before.ids).toEqual([oldCancelled.id, oldPaid.id, oldOpen.id, oldOwed.id, oldOverpaid.id].sort());

    t.clock.advance((ORDER_WORKING_SET_DAYS + 1) * DAY_MS);
    // Sessions do not last the window: both sign in again.
    seller = await signIn(seller);
    buyer = await signIn(buyer);
    const recentCancelled = await place();
    await move(recentCancelled, 'cancel');
    const kept = [oldOpen.id, oldOwed.id, oldOverpaid.id, recentCancelled.id].sort();
    expect((await pulledOrderIds(seller)).ids).toEqual(kept);
    expect((await pulledOrderIds(buyer)).ids).toEqual(kept);
    // From a cursor, only what changed since: the recent one.
    expect((await pulledOrderIds(seller, before.cursor)).ids).toEqual([recentCancelled.id]);

    const archive = await t.ok<OrderList>('GET', '/api/orders?status=cancelled', seller.token);
    expect(archive.orders.map((order) => order.id).sort()).toEqual([oldCancelled.id, recentCancelled.id].sort());
    // The archive alone: what no device keeps any more, newest first.
    const archived = await t.ok<OrderList>('GET', '/api/orders?archived=true', seller.token);
    expect(archived.orders.map((order) => order.id)).toEqual([oldPaid.id, oldCancelled.id]);
    expect((await t.ok<OrderList>('GET', '/api/orders?archived=true&status=cancelled', buyer.token)).orders.map((order) => order.id)).toEqual([oldCancelled.id]);
    expect((await t.request('GET', '/api/orders?archived=maybe', { token: seller.token })).status).toBe(400);
    expect(await t.ok<Order>('GET', `/api/orders/${oldPaid.id}`, buyer.token)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it("takes the device's own window: a month, the usual 90 days or a year, and refuses any other", async () => {
    const cancelled = await place();
    await move(cancelled, 'cancel');
    t.clock.advance(40 * DAY_MS);
    seller = await signIn(seller);
    expect((await pulledOrderIds(seller, 0, 30)).ids).not.toContain(cancelled.id);
    expect((await pulledOrderIds(seller, 0, 90)).ids).toContain(cancelled.id);
    expect((await pulledOrderIds(seller, 0, 365)).ids).toContain(cancelled.id);
    // The archive of a device keeping a month holds what that device let go.
    const archivedFor = async (window: string) => (await t.ok<OrderList>('GET', `/api/orders?archived=true${window}`, seller.token)).orders.map((order) => order.id);
    expect(await archivedFor('&keepClosedDays=30')).toContain(cancelled.id);
    expect(await archivedFor('')).not.toContain(cancelled.id);
    for (const path of ['/api/sync/pull?cursor=0&keepClosedDays=60', '/api/orders?archived=true&keepClosedDays=forever']) {
      const refused = await t.request<{ message: string; reason: string }>('GET', path, { token: seller.token });
      expect(refused.status, path).toBe(400);
      expect(refused.body).toMatchObject({ reason: 'validation' });
    }
  });
});
