/**
 * Finding an order by the products on it, in the paged GET /api/orders (each party among its own orders, a rep among
 * their customers'), and an order's timeline recording the seller's edits of the lines and the payments, with who
 * and when, as REST answers it and a pull brings it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order, OrderList } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { teamMembers } from '../db/schema';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

const NOW = new Date('2031-05-01T09:00:00.000Z');

let t: TestApp;
let seller: AuthResponse;
let rep: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let gelato: Product;
let runtz: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp({ now: () => NOW });
  seller = await t.registerUser('seller', { firstName: 'Sally', lastName: 'Seller', businessName: 'North Star Farms' });
  rep = await t.registerUser('seller', { firstName: 'Rita' });
  await t.services.db.transaction(async (tx) => {
    await tx.db.update(teamMembers).set({ teamId: seller.user.id, role: 'rep' }).where(eq(teamMembers.userId, rep.user.id)).run();
  });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  otherBuyer = await t.registerUser('buyer', { companyName: 'Hilltop Shop' });
  gelato = await t.ok<Product>('POST', '/api/products', seller, { strainName: 'Gelato #33', pricePerUnit: '10.00', unitType: 'oz', availableQuantity: '100' }, 201);
  runtz = await t.ok<Product>('POST', '/api/products', seller, { strainName: 'Runtz 100% Pure', pricePerUnit: '5.00', unitType: 'g', availableQuantity: '100' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id, runtz.id] }, 201);
});
afterAll(() => t.close());

const order = (as: AuthResponse, productId: string, quantity = '2') =>
  t.ok<Order>('POST', '/api/orders', as, { id: randomUUID(), menuId: menu.id, lines: [{ productId, quantity }] }, 201);

const found = async (as: AuthResponse, q: string) => (await t.ok<OrderList>('GET', `/api/orders?q=${encodeURIComponent(q)}`, as)).orders.map((one) => one.number).sort();

describe('searching orders', () => {
  it("finds them by a line's product name, on each party's side, and a rep's only among their customers", async () => {
    const [gelatoOrder, runtzOrder, othersGelato] = [await order(buyer, gelato.id), await order(buyer, runtz.id), await order(otherBuyer, gelato.id)];
    expect(await found(seller, 'gelato')).toEqual([gelatoOrder.number, othersGelato.number].sort());
    expect(await found(seller, 'RUNTZ 100')).toEqual([runtzOrder.number]);
    expect(await found(buyer, 'Gelato #3')).toEqual([gelatoOrder.number]);
    expect(await found(otherBuyer, 'runtz')).toEqual([]);
    // Wildcards are searched for as themselves.
    expect(await found(seller, '100%')).toEqual([runtzOrder.number]);
    expect(await found(seller, '%')).toEqual([runtzOrder.number]);

    expect(await found(rep, 'gelato')).toEqual([]);
    await t.ok('PATCH', `/api/customers/${gelatoOrder.customerId}`, seller, { repUserId: rep.user.id });
    expect(await found(rep, 'gelato')).toEqual([gelatoOrder.number]);
  });
});

describe("an order's timeline", () => {
  it('records each edit of the lines and each payment with who and when, over REST and in a pull', async () => {
    const placed = await order(buyer, gelato.id, '4');
    await t.ok('POST', `/api/orders/${placed.id}/accept`, seller);
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    t.clock.advance(60_000);
    const edited = await t.ok<Order>('PUT', `/api/orders/${placed.id}/lines`, seller, { lines: [{ productId: gelato.id, quantity: '3' }] });
    const paid = await t.ok<Order>('POST', `/api/orders/${placed.id}/payments`, seller, { amount: '10', method: 'cash', receivedAt: '2031-05-01' });
    t.clock.advance(-60_000);

    expect(edited.history.at(-1)).toEqual({
      status: 'accepted',
      at: later,
      byName: 'Sally Seller',
      lineChanges: [{ productId: gelato.id, strainName: 'Gelato #33', unitType: 'oz', from: '4.000', to: '3.000' }],
    });
    expect(
      paid.history.map((entry) => [entry.status, entry.byName, entry.lineChanges ? 'lines' : entry.payment ? `paid ${entry.payment.amount} ${entry.payment.method}` : '']),
    ).toEqual([
      ['submitted', 'Bob', ''],
      ['accepted', 'Sally Seller', ''],
      ['accepted', 'Sally Seller', 'lines'],
      ['accepted', 'Sally Seller', 'paid 10.00 cash'],
    ]);
    expect(paid.history.at(-1)!.at).toBe(later);
    expect(paid.payments).toEqual([{ id: expect.any(String), amount: '10.00', method: 'cash', receivedAt: '2031-05-01T00:00:00.000Z', byName: 'Sally Seller' }]);

    const pulled = (await syncDevice(t, buyer.token).pull()).orders.find((one) => one.id === placed.id);
    expect(pulled?.history).toEqual(paid.history);
  });

  it('records an edit that raises the total, then the wait for the buyer it begins', async () => {
    const placed = await order(buyer, gelato.id, '2');
    const edited = await t.ok<Order>('PUT', `/api/orders/${placed.id}/lines`, seller, {
      lines: [
        { productId: gelato.id, quantity: '2' },
        { productId: runtz.id, quantity: '1' },
      ],
    });
    expect(edited.history.slice(1).map((entry) => [entry.status, entry.lineChanges?.map((change) => [change.strainName, change.from, change.to]) ?? null])).toEqual([
      ['awaiting_buyer', [['Runtz 100% Pure', null, '1.000']]],
      ['awaiting_buyer', null],
    ]);
  });
});
