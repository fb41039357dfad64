/**
 * Reordering goes through the menu's link as every other path to the menu does: a buyer's reorder is refused once the
 * link they ordered by was regenerated or expired (a public-listing menu needs none), over REST and sync alike, and
 * nothing is written; the seller's team still reorders for its customer.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { orders } from '../db/schema';
import { MENU_NOT_FOUND_MESSAGE } from '../public-menu/public-menu-service';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

const BASE = Date.parse('2031-05-01T09:00:00.000Z');

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gummies: Product;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  gummies = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gummies', pricePerUnit: '1.00', unitType: 'unit', availableQuantity: '1000' }, 201);
});
afterAll(() => t.close());

const menuWith = (fields: Record<string, unknown>) => t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Friends only', productIds: [gummies.id], ...fields }, 201);

/** The buyer's order from `menu`, through its link unless it is a public-listing menu. */
function orderFrom(menu: Menu, viaLink = true): Promise<Order> {
  const link = viaLink ? { publicLinkId: menu.publicLinkId } : {};
  return t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, ...link, lines: [{ productId: gummies.id, quantity: '2' }] }, 201);
}

const reorder = (order: Order, as: AuthResponse) =>
  t.request<{ order: Order } & ErrorBody>('POST', `/api/orders/${order.id}/reorder`, { token: as.token, body: { newOrderId: randomUUID() } });

async function expectRefused(order: Order) {
  const newOrderId = randomUUID();
  const res = await t.request<ErrorBody>('POST', `/api/orders/${order.id}/reorder`, { token: buyer.token, body: { newOrderId } });
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
  const overSync = await syncDevice(t, buyer.token).push('order.reorder', { id: order.id, newOrderId });
  expect(overSync).toMatchObject({ outcome: 'refused', reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
  expect(await t.services.db.read.select().from(orders).where(eq(orders.id, newOrderId)).all()).toEqual([]);
}

describe('reordering from a private-link menu', () => {
  it('works through the link the buyer ordered by, and is refused once the seller regenerates it', async () => {
    const menu = await menuWith({});
    const order = await orderFrom(menu);
    const again = await reorder(order, buyer);
    expect(again.status).toBe(201);
    await t.ok('POST', `/api/menus/${menu.id}/regenerate-link`, seller.token, {});
    await expectRefused(order);
    // The reorder placed before the link changed went through the old link too.
    await expectRefused(again.body.order);
    // The seller's team writes for its customer, link or none.
    expect((await reorder(order, seller)).status).toBe(201);
  });

  it('is refused once the link expired', async () => {
    const menu = await menuWith({ linkExpiresAt: new Date(BASE + DAY_MS).toISOString() });
    const order = await orderFrom(menu);
    expect((await reorder(order, buyer)).status).toBe(201);
    t.clock.advance(2 * DAY_MS);
    await expectRefused(order);
  });
});

describe('reordering from a public-listing menu', () => {
  it('needs no link, so survives a new link, but not the menu leaving the listing', async () => {
    const menu = await menuWith({ isPublic: true });
    const order = await orderFrom(menu, false);
    await t.ok('POST', `/api/menus/${menu.id}/regenerate-link`, seller.token, {});
    expect((await reorder(order, buyer)).status).toBe(201);
    await t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { isPublic: false });
    await expectRefused(order);
  });
});
