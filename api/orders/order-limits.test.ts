/**
 * What an order may not hold, refused with a field error before anything is written, over REST and sync alike: a
 * line or a total past the last cent counted exactly (quantity in thousandths times price in cents), in an order or
 * an order request, two delivered quantities for one product in a delivery, and part of a counted product's unit.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { customers, inquiries, orders } from '../db/schema';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

const LINE_TOO_LARGE = 'this line would come to more than $90,071,992,547,409.91, more than an order can hold; order less';
const ORDER_TOO_LARGE = 'This order would come to more than $90,071,992,547,409.91, more than an order can hold; split it into smaller orders';

let t: TestApp;
let seller: AuthResponse;
let customerId: string;
let reserve: Product;
let vintage: Product;
let gummies: Product;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z') });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  customerId = randomUUID();
  await t.services.db.transaction(async (tx) => {
    const at = new Date('2031-05-01T09:00:00.000Z');
    await tx.db.insert(customers).values({ id: customerId, userId: seller.user.id, name: 'Walk-in Booth', version: tx.version, createdAt: at, updatedAt: at }).run();
  });
  // The largest price and the largest stock a product may have.
  const dearest = { pricePerUnit: '99999999.99', unitType: 'lb', availableQuantity: '9999999.999' };
  reserve = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Rare Reserve', ...dearest }, 201);
  vintage = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Vintage Reserve', ...dearest }, 201);
  gummies = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gummies', pricePerUnit: '1.00', unitType: 'unit', availableQuantity: '1000' }, 201);
});
afterAll(() => t.close());

async function refused(method: string, path: string, body: unknown): Promise<ErrorBody> {
  const res = await t.request<ErrorBody>(method, path, { token: seller.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
  return res.body;
}

const ordersOfSeller = async () => (await t.services.db.read.select({ id: orders.id }).from(orders).where(eq(orders.sellerId, seller.user.id)).all()).length;

describe('totals beyond the last exact cent', () => {
  it('refuses a line whose quantity times price passes it, naming the line, and writes nothing', async () => {
    const before = await ordersOfSeller();
    const id = randomUUID();
    const body = await refused('POST', '/api/orders', {
      id,
      customerId,
      lines: [
        { productId: gummies.id, quantity: '1' },
        { productId: reserve.id, quantity: '9999999' },
      ],
    });
    expect(body).toEqual({ reason: 'validation', message: `Rare Reserve: ${LINE_TOO_LARGE}`, errors: { 'lines.1': `Rare Reserve: ${LINE_TOO_LARGE}` } });
    expect(await ordersOfSeller()).toBe(before);
    expect((await t.request('GET', `/api/orders/${id}`, { token: seller.token })).status).toBe(404);
  });

  it('refuses lines each exact whose total is not, over REST and over sync', async () => {
    const before = await ordersOfSeller();
    const lines = [
      { productId: reserve.id, quantity: '500000' },
      { productId: vintage.id, quantity: '500000' },
    ];
    const body = await refused('POST', '/api/orders', { id: randomUUID(), customerId, lines });
    expect(body).toEqual({ reason: 'validation', message: ORDER_TOO_LARGE, errors: { lines: ORDER_TOO_LARGE } });
    const phone = syncDevice(t, seller.token);
    expect(await phone.push('order.create', { id: randomUUID(), customerId, lines })).toMatchObject({ outcome: 'refused', reason: 'validation', message: ORDER_TOO_LARGE });
    expect(await ordersOfSeller()).toBe(before);
  });

  it("refuses an edit that would take the order's total past it, leaving the order and its stock as they were", async () => {
    // Written by the seller, it is accepted at once.
    const order = await t.ok<Order>('POST', '/api/orders', seller.token, { id: randomUUID(), customerId, lines: [{ productId: reserve.id, quantity: '1' }] }, 201);
    const held = (await t.ok<Order>('GET', `/api/orders/${order.id}`, seller.token)).updatedAt;
    const stock = async () => (await t.ok<Product[]>('GET', '/api/products', seller.token)).find((product) => product.id === reserve.id)!.availableQuantity;
    const inStock = await stock();
    const body = await refused('PUT', `/api/orders/${order.id}/lines`, { lines: [{ productId: reserve.id, quantity: '9999999' }] });
    expect(body.errors).toEqual({ 'lines.0': `Rare Reserve: ${LINE_TOO_LARGE}` });
    expect(await t.ok<Order>('GET', `/api/orders/${order.id}`, seller.token)).toMatchObject({ status: 'accepted', total: '99999999.99', updatedAt: held });
    expect(await stock()).toBe(inStock);
  });

  it("refuses a buyer's order request past it, naming the item, and writes nothing", async () => {
    const buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
    const menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Reserve List', isPublic: true, productIds: [reserve.id, vintage.id] }, 201);
    const request = (items: Array<[Product, string]>) => ({
      id: randomUUID(),
      menuId: menu.id,
      kind: 'order',
      items: items.map(([product, quantity]) => ({ productId: product.id, quantity })),
    });
    const line = await t.request<ErrorBody>('POST', '/api/inquiries', { token: buyer.token, body: request([[vintage, '9999999']]) });
    expect(line).toMatchObject({ status: 400, body: { reason: 'validation', errors: { 'items.0': `Vintage Reserve: ${LINE_TOO_LARGE}` } } });
    const whole = await syncDevice(t, buyer.token).push(
      'inquiry.create',
      request([
        [reserve, '500000'],
        [vintage, '500000'],
      ]),
    );
    expect(whole).toMatchObject({ outcome: 'refused', reason: 'validation', message: ORDER_TOO_LARGE });
    expect(await t.services.db.read.select().from(inquiries).where(eq(inquiries.buyerId, buyer.user.id)).all()).toEqual([]);
  });
});

describe('a delivery', () => {
  async function fulfilled(): Promise<Order> {
    const lines = [
      { productId: gummies.id, quantity: '5' },
      { productId: reserve.id, quantity: '1' },
    ];
    const order = await t.ok<Order>('POST', '/api/orders', seller.token, { id: randomUUID(), customerId, lines }, 201);
    // Accepted as the seller wrote it, then fulfilled.
    await t.ok('POST', `/api/orders/${order.id}/fulfil`, seller.token);
    return order;
  }

  const twice = () => [
    { productId: gummies.id, deliveredQuantity: '1' },
    { productId: reserve.id, deliveredQuantity: '1' },
    { productId: gummies.id, deliveredQuantity: '5' },
  ];
  const REPEATED = 'List each product once, with all that was delivered of it';

  it('that names one product twice is refused at the repeat, as an order is, and delivers nothing', async () => {
    const order = await fulfilled();
    const body = await refused('POST', `/api/orders/${order.id}/deliver`, { lines: twice() });
    expect(body).toEqual({ reason: 'validation', message: REPEATED, errors: { 'lines.2': REPEATED } });
    expect(await t.ok<Order>('GET', `/api/orders/${order.id}`, seller.token)).toMatchObject({ status: 'fulfilled', deliveredAt: null, total: order.total });
  });

  it('that names one product twice is refused over sync too', async () => {
    const order = await fulfilled();
    const phone = syncDevice(t, seller.token);
    expect(await phone.push('order.deliver', { id: order.id, lines: twice() })).toMatchObject({ outcome: 'refused', reason: 'validation', message: REPEATED });
    expect((await phone.pull()).orders.find((pulled) => pulled.id === order.id)).toMatchObject({ status: 'fulfilled', deliveredAt: null });
  });
});

describe('a counted product in whole units', () => {
  it("refuses part of a unit on a seller's own order, over REST and over sync, and writes nothing", async () => {
    const before = await ordersOfSeller();
    const lines = [{ productId: gummies.id, quantity: '2.5' }];
    const body = await refused('POST', '/api/orders', { id: randomUUID(), customerId, lines });
    expect(body).toEqual({ reason: 'validation', message: 'Gummies: whole units only', errors: { 'lines.0': 'Gummies: whole units only' } });
    expect(await syncDevice(t, seller.token).push('order.create', { id: randomUUID(), customerId, lines })).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'Gummies: whole units only',
    });
    expect(await ordersOfSeller()).toBe(before);
  });

  it('refuses a line edit to part of a unit, and takes whole ones', async () => {
    const order = await t.ok<Order>('POST', '/api/orders', seller.token, { id: randomUUID(), customerId, lines: [{ productId: gummies.id, quantity: '3' }] }, 201);
    const body = await refused('PUT', `/api/orders/${order.id}/lines`, { lines: [{ productId: gummies.id, quantity: '3.001' }] });
    expect(body.errors).toEqual({ 'lines.0': 'Gummies: whole units only' });
    const edited = await t.ok<Order>('PUT', `/api/orders/${order.id}/lines`, seller.token, { lines: [{ productId: gummies.id, quantity: '4' }] });
    expect(edited.lines.map((line) => line.quantity)).toEqual(['4.000']);
  });
});
