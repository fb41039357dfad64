/**
 * What a rep sees of the business of customers they do not look after: none of their order requests (over REST, sync,
 * push and the badge), as none of their orders; and a customer reassigned away takes its orders and order requests off
 * the former rep's devices on their next pull, and brings them to the new rep's.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { badgeCount } from '../../sync/rules/badge';
import type { Customer } from '../../sync/entities/customer';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { PushMessage } from '../../sync/entities/push';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { PullResponse } from '../../sync/contract/protocol';
import { PushOutbox } from '../push/push-outbox';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../testing/push-stand-in';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let standIn: PushStandIn;
let agent: Agent;
let t: TestApp;
let owner: AuthResponse;
let repA: AuthResponse;
let repB: AuthResponse;
let buyerA: AuthResponse;
let buyerB: AuthResponse;
let customerA: Customer;
let menu: Menu;
let gelato: Product;

beforeAll(async () => {
  standIn = await startPushStandIn();
  agent = new Agent({ ca: standIn.caCert });
});
afterAll(async () => {
  await standIn?.close();
});

beforeEach(async () => {
  t = createTestApp({ env: { PUSH_SERVICE_ORIGINS: standIn.origin } });
  t.services.push = new PushOutbox(t.services.db, t.services.pushKeys, t.services.now, { agent, batchSize: 500 });
  owner = await t.registerUser('seller', { businessName: 'North Star Farms' });
  [repA, repB] = [await member('rep'), await member('rep')];
  buyerA = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  buyerB = await t.registerUser('buyer', { companyName: 'Hilltop Goods' });
  // An entry in the book links by its email only to an address its owner confirmed; each buyer's order or request then consents to it.
  await t.confirmEmail(buyerA);
  await t.confirmEmail(buyerB);
  customerA = await t.ok<Customer>('POST', '/api/customers', owner, { name: 'Corner Dispensary', email: buyerA.user.email, repUserId: repA.user.id }, 201);
  await t.ok<Customer>('POST', '/api/customers', owner, { name: 'Hilltop Goods', email: buyerB.user.email, repUserId: repB.user.id }, 201);
  gelato = await t.ok<Product>('POST', '/api/products', owner, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '100' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', owner, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id] }, 201);
  return () => t.close();
});

const member = (role: 'rep') => t.joinTeam(owner, role);

const requestOrder = (buyer: AuthResponse) =>
  t.ok<Inquiry>('POST', '/api/inquiries', buyer, { id: randomUUID(), menuId: menu.id, kind: 'order', items: [{ productId: gelato.id, quantity: '2' }] }, 201);
const placeOrder = (buyer: AuthResponse) => t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1' }] }, 201);

/** The device's replica of orders and inquiries after a pull: tombstoned rows dropped, pulled rows kept. */
function applyPull(replica: { orders: Set<string>; inquiries: Set<string> }, pulled: PullResponse) {
  if (pulled.full) for (const ids of Object.values(replica)) ids.clear();
  for (const { entity, id } of pulled.deleted) {
    if (entity === 'order') replica.orders.delete(id);
    if (entity === 'inquiry') replica.inquiries.delete(id);
  }
  for (const order of pulled.orders) replica.orders.add(order.id);
  for (const inquiry of pulled.inquiries) replica.inquiries.add(inquiry.id);
  return replica;
}

describe("another rep's customer's order request", () => {
  it('is neither listed, read, answered, marked read nor settled by a rep, over REST or sync; their own rep settles it', async () => {
    const request = await requestOrder(buyerB);
    const question = await t.ok<Inquiry>('POST', '/api/inquiries', buyerB, { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'Do you deliver?' }, 201);
    const notFound = { status: 404, message: 'Conversation not found' };
    const refusedOver = async (method: string, path: string, body?: unknown) => {
      const res = await t.request<ErrorBody>(method, path, { token: repA.token, body });
      return { status: res.status, message: res.body.message };
    };

    expect((await t.ok<Inquiry[]>('GET', '/api/inquiries', repA)).map((inquiry) => inquiry.id)).toEqual([question.id]);
    expect(await refusedOver('GET', `/api/inquiries/${request.id}`)).toEqual(notFound);
    expect(await refusedOver('POST', `/api/inquiries/${request.id}/status`, { status: 'accepted' })).toEqual(notFound);
    expect(await refusedOver('POST', `/api/inquiries/${request.id}/messages`, { id: randomUUID(), body: 'We can do that' })).toEqual(notFound);
    expect(await refusedOver('POST', `/api/inquiries/${request.id}/read`)).toEqual(notFound);
    const device = syncDevice(t, repA.token);
    for (const [name, args] of [
      ['inquiry.setStatus', { id: request.id, status: 'declined' }],
      ['inquiry.reply', { id: randomUUID(), inquiryId: request.id, body: 'We can do that' }],
      ['inquiry.markRead', { id: request.id }],
    ] as const) {
      expect(await device.push(name, args), name).toMatchObject({ outcome: 'refused', reason: 'not_found', message: 'Conversation not found' });
    }
    expect((await device.pull()).inquiries.map((inquiry) => inquiry.id)).toEqual([question.id]);
    expect(await t.ok<Inquiry>('GET', `/api/inquiries/${request.id}`, owner)).toMatchObject({ status: 'open', sellerReadAt: null, messages: [] });

    expect((await syncDevice(t, repB.token).pull()).inquiries.map((inquiry) => inquiry.id).sort()).toEqual([question.id, request.id].sort());
    expect(await syncDevice(t, repB.token).push('inquiry.setStatus', { id: request.id, status: 'accepted' })).toMatchObject({ outcome: 'applied' });
  });

  it("reaches neither a rep's devices nor their badge; their own rep's push counts it, as their device does", async () => {
    const [deviceA, deviceB] = [standIn.subscribe(), standIn.subscribe()];
    await t.ok('POST', '/api/push/subscriptions', repA, deviceA, 201);
    await t.ok('POST', '/api/push/subscriptions', repB, deviceB, 201);
    await requestOrder(buyerB);
    await t.services.push.deliverDue();
    const received = (device: StandInSubscription) => standIn.received.filter((push) => push.endpoint === device.endpoint).map((push) => push.message as PushMessage);
    expect(received(deviceA)).toEqual([]);
    const [toB] = received(deviceB);
    expect(toB).toMatchObject({ title: 'Order request from Hilltop Goods', badgeCount: 1 });
    const replicaBadge = async (rep: AuthResponse) => {
      const pulled = await syncDevice(t, rep.token).pull();
      return badgeCount(owner.user.id, pulled.orders, pulled.inquiries);
    };
    expect([await replicaBadge(repA), await replicaBadge(repB)]).toEqual([0, 1]);

    // The next news the rep hears (their own customer's request) carries a badge that leaves the other one out.
    await requestOrder(buyerA);
    await t.services.push.deliverDue();
    expect(received(deviceA)).toMatchObject([{ title: 'Order request from Corner Dispensary', badgeCount: 1 }]);
  });
});

describe('a customer reassigned to another rep', () => {
  it("leaves the former rep's device with its orders and order requests on the next pull, and reaches the new rep's", async () => {
    const order = await placeOrder(buyerA);
    const request = await requestOrder(buyerA);
    const [deviceA, deviceB] = [syncDevice(t, repA.token), syncDevice(t, repB.token)];
    const firstA = await deviceA.pull();
    const firstB = await deviceB.pull();
    const replicaA = applyPull({ orders: new Set(), inquiries: new Set() }, firstA);
    const replicaB = applyPull({ orders: new Set(), inquiries: new Set() }, firstB);
    expect(replicaA).toEqual({ orders: new Set([order.id]), inquiries: new Set([request.id]) });
    expect(replicaB).toEqual({ orders: new Set(), inquiries: new Set() });

    await t.ok('PATCH', `/api/customers/${customerA.id}`, owner, { repUserId: repB.user.id });
    const nextA = await deviceA.pull(firstA.cursor);
    expect(nextA.full).toBe(false);
    expect(nextA.deleted).toEqual(expect.arrayContaining([{ entity: 'customer', id: customerA.id }]));
    expect(applyPull(replicaA, nextA)).toEqual({ orders: new Set(), inquiries: new Set() });
    const nextB = await deviceB.pull(firstB.cursor);
    expect(nextB.customers.map((customer) => customer.id)).toEqual([customerA.id]);
    expect(applyPull(replicaB, nextB)).toEqual({ orders: new Set([order.id]), inquiries: new Set([request.id]) });
    expect((await t.request('GET', `/api/orders/${order.id}`, { token: repA.token })).status).toBe(404);
  });

  it("taken out of the book, leaves the rep's device with its orders", async () => {
    const order = await placeOrder(buyerA);
    const device = syncDevice(t, repA.token);
    const first = await device.pull();
    expect(first.orders.map((row) => row.id)).toEqual([order.id]);
    await t.ok('DELETE', `/api/customers/${customerA.id}`, owner, undefined, 204);
    const next = await device.pull(first.cursor);
    expect(next.deleted).toEqual(expect.arrayContaining([{ entity: 'order', id: order.id }]));
    expect(next.orders).toEqual([]);
  });

  it("follows the rep's removal to the member the owner names", async () => {
    const order = await placeOrder(buyerA);
    const device = syncDevice(t, repB.token);
    const first = await device.pull();
    expect(first.orders).toEqual([]);
    expect((await t.request('DELETE', `/api/team/members/${repA.user.id}`, { token: owner.token, body: { reassignTo: repB.user.id } })).status).toBe(204);
    expect((await device.pull(first.cursor)).orders.map((row) => row.id)).toEqual([order.id]);
  });
});
