/**
 * A seller's own order for a customer is accepted as it is written, holding its stock as Accept does, unless the
 * seller asks to leave it submitted (`accept: false`): the same over REST and sync, and never for a buyer's order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let customer: Customer;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { firstName: 'Sally', lastName: 'Seller', businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  customer = await t.ok<Customer>('POST', '/api/customers', seller, { name: 'Walk-in Booth' }, 201);
});
afterAll(() => t.close());

/** A product of the seller with `stock` units in stock. */
const product = (stock: string) =>
  t.ok<Product>('POST', '/api/products', seller, { strainName: `Gummies ${randomUUID().slice(0, 6)}`, pricePerUnit: '2.00', unitType: 'unit', availableQuantity: stock }, 201);

async function stockOf(id: string): Promise<string> {
  return (await t.ok<Product[]>('GET', '/api/products', seller)).find((candidate) => candidate.id === id)!.availableQuantity;
}

const orderFor = (productId: string, quantity: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  customerId: customer.id,
  lines: [{ productId, quantity }],
  ...extra,
});

describe("a seller's own order for a customer", () => {
  it('is accepted as it is written over REST, holding its stock, with both steps on its timeline', async () => {
    const gummies = await product('50');
    const order = await t.ok<Order>('POST', '/api/orders', seller, orderFor(gummies.id, '20'), 201);
    expect(order.status).toBe('accepted');
    expect(order.history.map((entry) => [entry.status, entry.byName])).toEqual([
      ['submitted', 'Sally Seller'],
      ['accepted', 'Sally Seller'],
    ]);
    expect(await stockOf(gummies.id)).toBe('30.000');
    // Accepted, it is cancelled as an accepted order is: its stock comes back.
    await t.ok('POST', `/api/orders/${order.id}/cancel`, seller);
    expect(await stockOf(gummies.id)).toBe('50.000');
  });

  it('is accepted as it is written over sync, holding its stock, as over REST', async () => {
    const gummies = await product('50');
    const phone = syncDevice(t, seller.token);
    const args = orderFor(gummies.id, '15');
    expect(await phone.push('order.create', args)).toMatchObject({ outcome: 'applied' });
    expect((await phone.pull()).orders.find((order) => order.id === args.id)).toMatchObject({ status: 'accepted' });
    expect(await stockOf(gummies.id)).toBe('35.000');
  });

  it('stays submitted, holding nothing, when the seller asks to accept it later, over REST and sync', async () => {
    const gummies = await product('50');
    const later = await t.ok<Order>('POST', '/api/orders', seller, orderFor(gummies.id, '20', { accept: false }), 201);
    expect(later.history.map((entry) => entry.status)).toEqual(['submitted']);
    const phone = syncDevice(t, seller.token);
    const queued = orderFor(gummies.id, '10', { accept: false });
    expect(await phone.push('order.create', queued)).toMatchObject({ outcome: 'applied' });
    expect((await phone.pull()).orders.find((order) => order.id === queued.id)).toMatchObject({ status: 'submitted' });
    expect(await stockOf(gummies.id)).toBe('50.000');
    // Accepting it later holds its stock then.
    expect(await t.ok<Order>('POST', `/api/orders/${later.id}/accept`, seller)).toMatchObject({ status: 'accepted' });
    expect(await stockOf(gummies.id)).toBe('30.000');
  });

  it('is refused, writing nothing, when the stock falls short of it', async () => {
    const gummies = await product('5');
    const res = await t.request<ErrorBody>('POST', '/api/orders', { token: seller.token, body: orderFor(gummies.id, '6') });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'insufficient_stock', message: `Not enough in stock for ${gummies.strainName} (5 left)` });
    expect(await stockOf(gummies.id)).toBe('5.000');
  });

  it('refuses an answer to "accept it now" that is not yes or no, at its field', async () => {
    const gummies = await product('5');
    const res = await t.request<ErrorBody>('POST', '/api/orders', { token: seller.token, body: orderFor(gummies.id, '1', { accept: 'later' }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      reason: 'validation',
      message: 'Say whether to accept the order now (true or false)',
      errors: { accept: 'Say whether to accept the order now (true or false)' },
    });
  });
});

describe("a buyer's order", () => {
  it('waits for the seller, whatever the buyer sends', async () => {
    const gummies = await product('50');
    const menu = await t.ok<Menu>('POST', '/api/menus', seller, { name: 'Wholesale List', isPublic: true, productIds: [gummies.id] }, 201);
    const order = await t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gummies.id, quantity: '3' }], accept: true }, 201);
    expect(order.status).toBe('submitted');
    expect(await stockOf(gummies.id)).toBe('50.000');
  });
});
