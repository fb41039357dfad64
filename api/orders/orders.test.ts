/**
 * Orders over REST and sync: priced by the customer's list at submission, numbered per seller without gaps, moved
 * through their states by the side allowed to, holding stock that cannot be oversold (on whichever engine runs the
 * suite), and seen by their two parties only (a rep only for their own customers).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListSchema, orderSchema, type Order } from '../../sync/entities/order';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { pullResponseSchema, pushResponseSchema } from '../../sync/contract/protocol';
import { customers, mailOutbox, priceLists, teamMembers } from '../db/schema';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

const BASE = Date.parse('2031-05-01T09:00:00.000Z');

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let rep: AuthResponse;
let gelato: Product;
let gummies: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  otherBuyer = await t.registerUser('buyer', { companyName: 'Nosy Buyers' });
  rep = await t.registerUser('seller', { businessName: 'Rep Own Business' });
  // The rep joins the seller's team.
  await t.services.db.transaction(async (tx) => {
    await tx.db.update(teamMembers).set({ teamId: seller.user.id, role: 'rep' }).where(eq(teamMembers.userId, rep.user.id)).run();
  });
  gelato = await product({ strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', lotSize: 1, availableQuantity: '10' });
  gummies = await product({ strainName: 'Gummies', pricePerUnit: '0.33', unitType: 'unit', availableQuantity: '1000' });
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id, gummies.id] }, 201);
});
afterAll(() => t.close());

async function refused(method: string, path: string, token: string, body: unknown, status: number): Promise<ErrorBody> {
  const res = await t.request<ErrorBody>(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

function product(body: Record<string, unknown>): Promise<Product> {
  return t.ok<Product>('POST', '/api/products', seller.token, body, 201);
}

async function available(id: string): Promise<string> {
  return (await t.ok<Product[]>('GET', '/api/products', seller.token)).find((p) => p.id === id)!.availableQuantity;
}

function buyerOrder(lines: Array<{ productId: string; quantity: string }>, as = buyer): Promise<Order> {
  return t.ok<Order>('POST', '/api/orders', as.token, { id: randomUUID(), menuId: menu.id, lines }, 201);
}

describe('placing an order', () => {
  it("prices a buyer's order by their price list at submission, exactly, and puts them in the seller's book", async () => {
    const [row] = await t.services.db.read.select().from(customers).where(eq(customers.buyerTeamId, buyer.user.id)).all();
    expect(row).toBeUndefined();
    const order = await buyerOrder([
      { productId: gelato.id, quantity: '1.5' },
      { productId: gummies.id, quantity: '3' },
    ]);
    expect(orderSchema.parse(order)).toMatchObject({ status: 'submitted', paymentStatus: 'unpaid', sellerName: 'North Star Farms', customerName: 'Corner Dispensary' });
    expect(order.number).toMatch(/^SO-1\d{3}$/);
    expect(order.lines.map((line) => [line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      ['1.500', '1450.00', '2175.00'],
      ['3.000', '0.33', '0.99'],
    ]);
    expect(order.total).toBe('2175.99');

    // The seller gives this customer a list: 10% off gelato, gummies hidden, gelato in steps of 0.5 from 1.
    const listId = randomUUID();
    await t.services.db.transaction(async (tx) => {
      await tx.db
        .insert(priceLists)
        .values({
          id: listId,
          userId: seller.user.id,
          name: 'Friends',
          entries: [
            { productId: gelato.id, price: null, percentOff: '10', hidden: false, minQuantity: '1', increment: '0.5', breaks: [] },
            { productId: gummies.id, price: null, percentOff: null, hidden: true, minQuantity: null, increment: null, breaks: [] },
          ] as never,
          version: tx.version,
          createdAt: new Date(BASE),
          updatedAt: new Date(BASE),
        })
        .run();
      await tx.db.update(customers).set({ priceListId: listId, paymentTerms: 'net15' }).where(eq(customers.id, order.customerId)).run();
    });
    const priced = await buyerOrder([{ productId: gelato.id, quantity: '2.5' }]);
    expect(priced.lines[0]).toMatchObject({ unitPrice: '1305.00', listPrice: '1450.00', lineTotal: '3262.50' });
    expect(priced).toMatchObject({ total: '3262.50', paymentTerms: 'net15', customerId: order.customerId });

    const badStep = await refused('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1.2' }] }, 400);
    expect(badStep.message).toBe('Gelato: order in steps of 0.5 lb');
    const hidden = await refused('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gummies.id, quantity: '10' }] }, 400);
    expect(hidden).toMatchObject({ message: 'Gummies is not offered to you', errors: { 'lines.0': 'Gummies is not offered to you' } });
    const tooMuch = await refused('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '50' }] }, 409);
    expect(tooMuch).toMatchObject({ reason: 'insufficient_stock', lines: [{ productId: gelato.id, strainName: 'Gelato', requested: '50', available: '10' }] });
  });

  it('refuses a menu reached by a dead link, and numbers in order of submission', async () => {
    const privateMenu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Private', productIds: [gelato.id] }, 201);
    const lines = [{ productId: gelato.id, quantity: '1' }];
    await refused('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: privateMenu.id, lines }, 404);
    const first = await t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: privateMenu.id, publicLinkId: privateMenu.publicLinkId, lines }, 201);
    const second = await buyerOrder([{ productId: gummies.id, quantity: '1' }], otherBuyer);
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
  });

  it('lets the seller write an order for a customer, and a rep only for a customer assigned to them', async () => {
    const customerId = randomUUID();
    await t.services.db.transaction(async (tx) => {
      await tx.db
        .insert(customers)
        .values({ id: customerId, userId: seller.user.id, name: 'Walk-in Booth', version: tx.version, createdAt: new Date(BASE), updatedAt: new Date(BASE) })
        .run();
    });
    const body = () => ({ id: randomUUID(), customerId, lines: [{ productId: gummies.id, quantity: '7' }] });
    await refused('POST', '/api/orders', rep.token, body(), 404);
    const order = await t.ok<Order>('POST', '/api/orders', seller.token, body(), 201);
    expect(order).toMatchObject({ customerName: 'Walk-in Booth', buyerTeamId: null, total: '2.31', menuId: null });
    await refused('GET', `/api/orders/${order.id}`, rep.token, undefined, 404);
    expect((await t.ok<{ orders: Order[] }>('GET', '/api/orders', rep.token)).orders.map((o) => o.id)).not.toContain(order.id);
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(customers).set({ repUserId: rep.user.id }).where(eq(customers.id, customerId)).run();
    });
    expect((await t.ok<Order>('GET', `/api/orders/${order.id}`, rep.token)).id).toBe(order.id);
    await t.ok<Order>('POST', '/api/orders', rep.token, body(), 201);
  });
});

describe('the life of an order', () => {
  it('goes from submitted to delivered and paid, holding stock and giving back what was not delivered', async () => {
    const before = await available(gummies.id);
    const order = await buyerOrder([{ productId: gummies.id, quantity: '100' }], otherBuyer);
    await refused('POST', `/api/orders/${order.id}/fulfil`, seller.token, undefined, 409);
    const wrongSide = await refused('POST', `/api/orders/${order.id}/cancel`, buyer.token, undefined, 404);
    expect(wrongSide.message).toBe('Order not found');
    await t.ok<Order>('POST', `/api/orders/${order.id}/accept`, seller.token);
    expect(await available(gummies.id)).toBe((Number(before) - 100).toFixed(3));
    // A second Accept (a double tap) is no error and holds no stock twice.
    const again = await t.ok<Order>('POST', `/api/orders/${order.id}/accept`, seller.token);
    expect(again.history.map((entry) => entry.status)).toEqual(['submitted', 'accepted']);
    expect(await available(gummies.id)).toBe((Number(before) - 100).toFixed(3));
    const late = await refused('POST', `/api/orders/${order.id}/cancel`, otherBuyer.token, undefined, 409);
    expect(late).toEqual({ message: 'An order that is accepted cannot be cancelled', reason: 'invalid_transition' });
    await t.ok<Order>('POST', `/api/orders/${order.id}/fulfil`, seller.token);
    const delivered = await t.ok<Order>('POST', `/api/orders/${order.id}/deliver`, seller.token, { lines: [{ productId: gummies.id, deliveredQuantity: '90' }] });
    expect(delivered).toMatchObject({ status: 'delivered', total: '29.70', paymentTerms: 'cod', dueAt: new Date(BASE).toISOString(), overdue: false });
    expect(delivered.lines[0]).toMatchObject({ quantity: '100.000', deliveredQuantity: '90.000', lineTotal: '29.70' });
    expect(await available(gummies.id)).toBe((Number(before) - 90).toFixed(3));
    expect(delivered.history.map((entry) => entry.status)).toEqual(['submitted', 'accepted', 'fulfilled', 'delivered']);
    // An Accept or Fulfil another device queued before the order went on is no error, and changes nothing.
    for (const step of ['accept', 'fulfil']) {
      const late = await t.ok<Order>('POST', `/api/orders/${order.id}/${step}`, seller.token);
      expect(late.history.map((entry) => entry.status)).toEqual(['submitted', 'accepted', 'fulfilled', 'delivered']);
    }
    expect(await available(gummies.id)).toBe((Number(before) - 90).toFixed(3));

    const pay = (amount: string) => ({ amount, method: 'check', receivedAt: '2031-05-02' });
    expect(await t.ok<Order>('POST', `/api/orders/${order.id}/payments`, seller.token, pay('10.00'))).toMatchObject({ paymentStatus: 'partial', amountPaid: '10.00' });
    expect((await refused('POST', `/api/orders/${order.id}/payments`, seller.token, pay('19.71'), 400)).message).toBe('That is more than the $19.70 still owed');
    t.clock.advance(DAY_MS);
    expect((await t.ok<Order>('GET', `/api/orders/${order.id}`, otherBuyer.token)).overdue).toBe(true);
    const paid = await t.ok<Order>('POST', `/api/orders/${order.id}/payments`, seller.token, pay('19.70'));
    expect(paid).toMatchObject({ paymentStatus: 'paid', amountPaid: '29.70', overdue: false });
    expect(paid.payments.map((payment) => payment.amount)).toEqual(['10.00', '19.70']);
  });

  it('sends a change that raises the total to the buyer, holds stock for it, and gives it all back when they cancel', async () => {
    const before = await available(gummies.id);
    const order = await buyerOrder([{ productId: gummies.id, quantity: '10' }], otherBuyer);
    await t.ok<Order>('POST', `/api/orders/${order.id}/accept`, seller.token);
    const lower = await t.ok<Order>('PUT', `/api/orders/${order.id}/lines`, seller.token, { lines: [{ productId: gummies.id, quantity: '8' }] });
    expect(lower).toMatchObject({ status: 'accepted', total: '2.64' });
    const raised = await t.ok<Order>('PUT', `/api/orders/${order.id}/lines`, seller.token, { lines: [{ productId: gummies.id, quantity: '20' }] });
    expect(raised).toMatchObject({ status: 'awaiting_buyer', resumeStatus: 'accepted', total: '6.60' });
    expect(await available(gummies.id)).toBe((Number(before) - 20).toFixed(3));
    await refused('POST', `/api/orders/${order.id}/fulfil`, seller.token, undefined, 409);
    expect(await t.ok<Order>('POST', `/api/orders/${order.id}/approve`, otherBuyer.token)).toMatchObject({ status: 'accepted', resumeStatus: null });
    await t.ok<Order>('PUT', `/api/orders/${order.id}/lines`, seller.token, { lines: [{ productId: gummies.id, quantity: '30' }] });
    expect(await t.ok<Order>('POST', `/api/orders/${order.id}/cancel`, otherBuyer.token)).toMatchObject({ status: 'cancelled' });
    expect(await available(gummies.id)).toBe(before);
  });

  it('holds a customer marked so while another of their orders is overdue', async () => {
    const holdBuyer = await t.registerUser('buyer', { companyName: 'Slow Payers' });
    const overdue = await buyerOrder([{ productId: gummies.id, quantity: '1' }], holdBuyer);
    for (const step of ['accept', 'fulfil']) await t.ok('POST', `/api/orders/${overdue.id}/${step}`, seller.token);
    await t.ok('POST', `/api/orders/${overdue.id}/deliver`, seller.token, { lines: [] });
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(customers).set({ holdWhenOverdue: true, paymentTerms: 'cod' }).where(eq(customers.id, overdue.customerId)).run();
    });
    t.clock.advance(DAY_MS);
    const next = await buyerOrder([{ productId: gummies.id, quantity: '1' }], holdBuyer);
    await t.ok('POST', `/api/orders/${next.id}/accept`, seller.token);
    const held = await refused('POST', `/api/orders/${next.id}/fulfil`, seller.token, undefined, 409);
    expect(held).toEqual({
      message: `Slow Payers is on hold: order ${overdue.number} is overdue. Record the payment before fulfilling this order.`,
      reason: 'overdue_balance',
    });
  });

  it("reorders at today's prices, leaving out and naming what is gone, with no delivery note", async () => {
    const gone = await product({ strainName: 'Discontinued', pricePerUnit: '5.00', availableQuantity: '10' });
    await t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { productIds: [gelato.id, gummies.id, gone.id] });
    const lines = [
      { productId: gummies.id, quantity: '2' },
      { productId: gone.id, quantity: '1' },
    ];
    const order = await t.ok<Order>('POST', '/api/orders', otherBuyer.token, { id: randomUUID(), menuId: menu.id, lines, note: 'Back door, before noon' }, 201);
    // The buyer's device orders again through the link the order was placed by.
    expect(order).toMatchObject({ note: 'Back door, before noon', menuLinkId: menu.publicLinkId });
    await t.ok('DELETE', `/api/products/${gone.id}`, seller.token, undefined, 204);
    await t.ok('PUT', `/api/products/${gummies.id}`, seller.token, { pricePerUnit: '0.50' });
    const again = await t.ok<{ order: Order; leftOut: Array<{ productId: string; strainName: string; reason: string }> }>(
      'POST',
      `/api/orders/${order.id}/reorder`,
      otherBuyer.token,
      {},
      201,
    );
    expect(again.order).toMatchObject({ status: 'submitted', total: '1.00', note: '' });
    expect(again.leftOut).toEqual([{ productId: gone.id, strainName: 'A product', reason: 'That product is not offered on this order' }]);
  });

  it('lists each party its own orders, by status and by search', async () => {
    const mine = orderListSchema.parse(await t.ok('GET', '/api/orders?status=submitted', buyer.token));
    expect(mine.orders.length).toBeGreaterThan(0);
    expect(mine.orders.every((order) => order.status === 'submitted' && order.buyerTeamId === buyer.user.id)).toBe(true);
    const found = await t.ok<{ orders: Order[] }>('GET', `/api/orders?q=${encodeURIComponent(mine.orders[0]!.number)}`, seller.token);
    expect(found.orders.map((order) => order.id)).toEqual([mine.orders[0]!.id]);
    expect((await t.ok<{ orders: Order[] }>('GET', '/api/orders?q=Corner', seller.token)).orders.every((order) => order.customerName === 'Corner Dispensary')).toBe(true);
    await refused('GET', '/api/orders?status=lost', seller.token, undefined, 400);
    // Pages come newest first and say how many there are in all, even past the end.
    const all = orderListSchema.parse(await t.ok('GET', '/api/orders?limit=200', seller.token));
    expect(all.total).toBe(all.orders.length);
    const second = orderListSchema.parse(await t.ok('GET', '/api/orders?limit=1&offset=1', seller.token));
    expect(second).toEqual({ orders: [all.orders[1]], total: all.total });
    expect(orderListSchema.parse(await t.ok('GET', `/api/orders?offset=${all.total + 5}`, seller.token))).toEqual({ orders: [], total: all.total });
  });

  it('answers an order sent twice as sent, whatever would refuse it now, and takes no number for it', async () => {
    const id = randomUUID();
    const lines = [{ productId: gummies.id, quantity: '2' }];
    const first = await t.ok<Order>('POST', '/api/orders', otherBuyer.token, { id, menuId: menu.id, lines }, 201);
    const again = [
      await refused('POST', '/api/orders', otherBuyer.token, { id, menuId: menu.id, lines }, 409),
      await refused('POST', '/api/orders', otherBuyer.token, { id, menuId: menu.id, lines: [{ productId: gummies.id, quantity: '999999' }] }, 409),
      await refused('POST', '/api/orders', seller.token, { id, customerId: randomUUID(), lines }, 409),
    ];
    for (const body of again) expect(body).toMatchObject({ reason: 'conflict', message: 'This order was already sent' });
    expect(await t.ok<Order>('GET', `/api/orders/${id}`, otherBuyer.token)).toEqual(first);
    const next = await buyerOrder(lines, otherBuyer);
    expect(Number(next.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
  });

  it('prices an order from a menu bound to a list by that list, where the buyer has none of their own', async () => {
    const list = await t.ok<{ id: string }>('POST', '/api/price-lists', seller.token, { name: 'Trade', entries: [{ productId: gelato.id, price: '1200.00' }] }, 201);
    const bound = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Trade List', isPublic: true, productIds: [gelato.id], priceListId: list.id }, 201);
    const order = await t.ok<Order>('POST', '/api/orders', otherBuyer.token, { id: randomUUID(), menuId: bound.id, lines: [{ productId: gelato.id, quantity: '1' }] }, 201);
    expect(order.lines.map((line) => [line.unitPrice, line.listPrice])).toEqual([['1200.00', '1450.00']]);
  });

  it('tells the other party of each step by email', async () => {
    const order = await buyerOrder([{ productId: gummies.id, quantity: '1' }], otherBuyer);
    await t.ok('POST', `/api/orders/${order.id}/reject`, seller.token, { reason: 'Out of season' });
    const mails = await t.services.db.read.select().from(mailOutbox).all();
    expect(mails.some((mail) => mail.toAddress === seller.user.email && mail.subject === `Order ${order.number} submitted`)).toBe(true);
    const rejected = mails.find((mail) => mail.toAddress === otherBuyer.user.email && mail.subject === `Order ${order.number} rejected`);
    expect(rejected?.text).toContain(`North Star Farms rejected order ${order.number}: Out of season`);
  });
});

describe('orders over sync', () => {
  it("queues a buyer's order as a mutation, and both parties pull it", async () => {
    const clientId = randomUUID();
    const id = randomUUID();
    const push = await t.ok('POST', '/api/sync/push', buyer.token, {
      clientId,
      mutations: [{ seq: 1, name: 'order.create', args: { id, menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1' }] } }],
    });
    expect(pushResponseSchema.parse(push).results[0]).toEqual({ seq: 1, outcome: 'applied' });
    for (const account of [buyer, seller]) {
      const pull = pullResponseSchema.parse(await t.ok('GET', `/api/sync/pull?cursor=0&clientId=${randomUUID()}`, account.token));
      expect(pull.orders.find((order) => order.id === id)).toMatchObject({ status: 'submitted' });
    }
    const refusal = await t.ok('POST', '/api/sync/push', buyer.token, { clientId, mutations: [{ seq: 2, name: 'order.accept', args: { id } }] });
    expect(pushResponseSchema.parse(refusal).results[0]).toMatchObject({ outcome: 'refused', reason: 'forbidden' });
  });
});

describe('under concurrency', () => {
  it('never accepts more than is in stock, however many acceptances race', async () => {
    const scarce = await product({ strainName: 'Last Units', pricePerUnit: '10.00', availableQuantity: '25' });
    await t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { productIds: [gelato.id, gummies.id, scarce.id] });
    const orders = await Promise.all(Array.from({ length: 10 }, () => buyerOrder([{ productId: scarce.id, quantity: '5' }])));
    const answers = await Promise.all(orders.map((order) => t.request<ErrorBody>('POST', `/api/orders/${order.id}/accept`, { token: seller.token })));
    const accepted = answers.filter((res) => res.status === 200).length;
    expect(accepted).toBe(5);
    for (const res of answers.filter((answer) => answer.status !== 200)) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ reason: 'insufficient_stock', lines: [{ productId: scarce.id, requested: '5', available: '0' }] });
    }
    expect(await available(scarce.id)).toBe('0.000');
  });

  it('numbers concurrent submissions to one seller consecutively, with no gap or repeat', async () => {
    const placed = await Promise.all(Array.from({ length: 24 }, (_, index) => buyerOrder([{ productId: gelato.id, quantity: '1' }], index % 2 ? buyer : otherBuyer)));
    const numbers = placed.map((order) => Number(order.number.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
  });
});
