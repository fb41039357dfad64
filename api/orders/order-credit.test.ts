/**
 * Money paid beyond what an order bills, over REST and sync: a short delivery or a lowered total after payment, and
 * a paid order cancelled, leave it as a credit on the order (and so the customer's), told by email, never absorbed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../sync/entities/order';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { mailOutbox } from '../db/schema';
import { syncDevice } from '../testing/sync-device';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gummies: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z') });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  gummies = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gummies', pricePerUnit: '1.00', unitType: 'unit', availableQuantity: '1000' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale List', isPublic: true, productIds: [gummies.id] }, 201);
});
afterAll(() => t.close());

const pay = (amount: string) => ({ amount, method: 'check', receivedAt: '2031-05-01' });

/** A buyer's order of `quantity` gummies at $1.00, accepted and paid `paid`. */
async function acceptedAndPaid(quantity: string, paid: string): Promise<Order> {
  const order = await t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gummies.id, quantity }] }, 201);
  expect(order.credit).toBe('0.00');
  await t.ok('POST', `/api/orders/${order.id}/accept`, seller.token);
  return t.ok<Order>('POST', `/api/orders/${order.id}/payments`, seller.token, pay(paid));
}

async function mailTo(email: string, subject: string) {
  return (await t.services.db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).all()).find((mail) => mail.subject === subject);
}

describe('money paid beyond what the order bills', () => {
  it('after a short delivery is a credit on the order, for both parties, and in the email', async () => {
    const paid = await acceptedAndPaid('10', '10.00');
    expect(paid).toMatchObject({ paymentStatus: 'paid', amountPaid: '10.00', credit: '0.00' });
    await t.ok('POST', `/api/orders/${paid.id}/fulfil`, seller.token);
    const delivered = await t.ok<Order>('POST', `/api/orders/${paid.id}/deliver`, seller.token, { lines: [{ productId: gummies.id, deliveredQuantity: '6' }] });
    expect(orderSchema.parse(delivered)).toMatchObject({ total: '6.00', amountPaid: '10.00', credit: '4.00', paymentStatus: 'paid' });
    expect(await t.ok<Order>('GET', `/api/orders/${paid.id}`, buyer.token)).toMatchObject({ credit: '4.00' });
    const mail = await mailTo(buyer.user.email, `Order ${paid.number} delivered`);
    expect(mail?.text).toContain('$4.00 paid beyond its total stays recorded as your credit with North Star Farms.');
  });

  it('after the seller lowers the total is a credit, which the pull brings too', async () => {
    const paid = await acceptedAndPaid('10', '10.00');
    const lowered = await t.ok<Order>('PUT', `/api/orders/${paid.id}/lines`, seller.token, { lines: [{ productId: gummies.id, quantity: '7' }] });
    expect(lowered).toMatchObject({ status: 'accepted', total: '7.00', amountPaid: '10.00', credit: '3.00' });
    const pulled = (await syncDevice(t, buyer.token).pull()).orders.find((order) => order.id === paid.id);
    expect(pulled).toMatchObject({ total: '7.00', credit: '3.00' });
  });

  it('on a paid order cancelled, stays recorded as a credit and the email says so', async () => {
    const paid = await acceptedAndPaid('10', '4.00');
    const cancelled = await t.ok<Order>('POST', `/api/orders/${paid.id}/cancel`, seller.token);
    expect(cancelled).toMatchObject({ status: 'cancelled', amountPaid: '4.00', credit: '4.00' });
    const mail = await mailTo(buyer.user.email, `Order ${paid.number} cancelled`);
    expect(mail?.text).toContain(`Order ${paid.number} was cancelled by North Star Farms. $4.00 paid on this order stays recorded as your credit with North Star Farms.`);
  });

  it('over sync as over REST: a paid order cancelled from the device keeps its credit', async () => {
    const paid = await acceptedAndPaid('5', '5.00');
    const phone = syncDevice(t, seller.token);
    expect(await phone.push('order.cancel', { id: paid.id })).toMatchObject({ outcome: 'applied' });
    expect((await phone.pull()).orders.find((order) => order.id === paid.id)).toMatchObject({ status: 'cancelled', credit: '5.00' });
  });

  it('is nothing on an order paid what it bills, or not paid at all', async () => {
    const unpaid = await t.ok<Order>('POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gummies.id, quantity: '2' }] }, 201);
    const cancelled = await t.ok<Order>('POST', `/api/orders/${unpaid.id}/cancel`, buyer.token);
    expect(cancelled).toMatchObject({ status: 'cancelled', credit: '0.00' });
    const mail = await mailTo(seller.user.email, `Order ${unpaid.number} cancelled`);
    expect(mail?.text).toContain(`Order ${unpaid.number} was cancelled by Corner Dispensary.`);
    expect(mail?.text).not.toContain('credit');
  });
});
