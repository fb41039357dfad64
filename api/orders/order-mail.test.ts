/**
 * What an order's emails say and carry, read as the mail server received them: the buyer's confirmation, the lines
 * and the note, money and dates as people write them, the invoice attached once the order is invoiced (drawn as the
 * email is sent, not in the request), a partial payment with what is still due, what an edit changed, what a delivery
 * fell short on; and who gets them: the team's current owners and managers and the customer's rep, each only while
 * they may see the order and only when they left that email on.
 */
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { mailTo, linkInMailTo } from '../mail/testing/outbox-reader';
import { startSmtpCatcher, type SmtpCatcher } from '../mail/testing/smtp-catcher';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let smtp: SmtpCatcher;
let t: TestApp;
let owner: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;
let gummies: Product;
let menu: Menu;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // Mid-December, so that a due date and a payment read as calendar days people write.
  t = createTestApp({ env: { SMTP_URL: smtp.url }, now: () => new Date('2026-12-13T15:00:00.000Z') });
  owner = await t.registerUser('seller', { firstName: 'Sally', businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { firstName: 'Bob', companyName: 'Corner Dispensary' });
  // A seller's entry for the buyer links by its email only to a confirmed address; the buyer's order then consents to it.
  await t.confirmEmail(buyer);
  gelato = await t.ok<Product>('POST', '/api/products', owner, { strainName: 'Gelato', pricePerUnit: '1861.50', unitType: 'lb', availableQuantity: '100' }, 201);
  gummies = await t.ok<Product>('POST', '/api/products', owner, { strainName: 'Gummies', pricePerUnit: '2.00', unitType: 'unit', availableQuantity: '1000' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', owner, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id, gummies.id] }, 201);
  await sent();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
afterEach(() => vi.restoreAllMocks());

/** Sends what waits and answers the messages the mail server received since the last call. */
async function sent(): Promise<ParsedMail[]> {
  await t.services.mail.deliverDue();
  return smtp.messages.splice(0);
}

const addressOf = (message: ParsedMail) => (message.to && !Array.isArray(message.to) ? message.to.value[0]!.address : '');
const to = (messages: ParsedMail[], who: AuthResponse) => messages.filter((message) => addressOf(message) === who.user.email);
const only = (messages: ParsedMail[], who: AuthResponse) => {
  const mine = to(messages, who);
  expect(mine.map((message) => message.subject)).toHaveLength(1);
  return mine[0]!;
};

const placeOrder = (lines: Array<{ productId: string; quantity: string }>, note = '') =>
  t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines, note }, 201);

const member = (role: 'manager' | 'rep') => t.joinTeam(owner, role);

describe("a buyer's new order", () => {
  it('is confirmed to the buyer, with its lines, total and note, and told to the seller', async () => {
    const order = await placeOrder(
      [
        { productId: gelato.id, quantity: '10' },
        { productId: gummies.id, quantity: '1' },
      ],
      'Deliver to the back door.\nAsk for Dana.',
    );
    const messages = await sent();

    const confirmation = only(messages, buyer);
    expect(confirmation.subject).toBe(`Your order ${order.number} was received`);
    expect(confirmation.text).toContain(`North Star Farms received your order ${order.number}, placed December 13, 2026, total $18,617.00.`);
    expect(confirmation.text).toContain('- Gelato: 10 lb × $1,861.50 = $18,615.00\n- Gummies: 1 unit × $2.00 = $2.00');
    expect(confirmation.text).toContain('Total: $18,617.00');
    expect(confirmation.text).toContain('> Deliver to the back door.\n> Ask for Dana.');
    expect(confirmation.html).toContain('<li>Gelato: 10 lb × $1,861.50 = $18,615.00</li>');
    expect(confirmation.attachments).toEqual([]);

    const news = only(messages, owner);
    expect(news.subject).toBe(`Order ${order.number} submitted`);
    expect(news.text).toContain(`Corner Dispensary placed order ${order.number} with North Star Farms, total $18,617.00.`);
    expect(news.text).toContain('- Gelato: 10 lb × $1,861.50 = $18,615.00');
    expect(news.text).not.toMatch(/\$18617|2026-12-13/);
  });
});

describe('an invoiced order', () => {
  it('carries its invoice, drawn as the email is sent rather than in the request', async () => {
    const order = await placeOrder([{ productId: gummies.id, quantity: '5' }]);
    await sent();
    const drawn = vi.spyOn(t.services.invoicePdfs, 'pdfOf');

    await t.ok('POST', `/api/orders/${order.id}/accept`, owner);
    expect(drawn).not.toHaveBeenCalled();
    const [queued] = (await mailTo(t.services, buyer.user.email)).filter((row) => row.subject === `Order ${order.number} accepted`);
    expect(queued).toMatchObject({ status: 'pending', invoiceOrderId: order.id });

    const accepted = only(await sent(), buyer);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(accepted.text).toContain(`North Star Farms accepted order ${order.number}, total $10.00.`);
    expect(accepted.text).toContain('The invoice is attached.');
    expect(accepted.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`INV-${order.number}.pdf`, 'application/pdf']]);
    const [page] = await pdfText(new Uint8Array(accepted.attachments[0]!.content));
    expect(page).toContain(`INV-${order.number}`);
    expect(page).toContain('Corner Dispensary');
  });

  it('says a partial payment is a payment with what is still due, and the last one that it is paid in full', async () => {
    const order = await placeOrder([{ productId: gelato.id, quantity: '10' }]);
    await t.ok('POST', `/api/orders/${order.id}/accept`, owner);
    await sent();

    await t.ok('POST', `/api/orders/${order.id}/payments`, owner, { amount: '5000', method: 'check', receivedAt: '2026-12-12' });
    const partial = only(await sent(), buyer);
    expect(partial.subject).toBe(`Order ${order.number} paid`);
    expect(partial.text).toContain(`A payment of $5,000.00 on order ${order.number} was received December 12, 2026; $13,615.00 is still due.`);
    expect(partial.text).not.toContain('paid in full');
    expect(partial.attachments.map((file) => file.filename)).toEqual([`INV-${order.number}.pdf`]);

    await t.ok('POST', `/api/orders/${order.id}/payments`, owner, { amount: '13615.00', method: 'wire', receivedAt: '2026-12-13' });
    expect(only(await sent(), buyer).text).toContain(`A payment of $13,615.00 on order ${order.number} was received December 13, 2026; the order is paid in full.`);
  });
});

describe('a change of the lines', () => {
  it('lists what changed, and that a raised total waits for the buyer', async () => {
    const order = await placeOrder([
      { productId: gelato.id, quantity: '4' },
      { productId: gummies.id, quantity: '10' },
    ]);
    await sent();
    await t.ok('PUT', `/api/orders/${order.id}/lines`, owner, { lines: [{ productId: gelato.id, quantity: '6' }] });

    const changed = only(await sent(), buyer);
    expect(changed.subject).toBe(`Order ${order.number} changed`);
    expect(changed.text).toContain(`North Star Farms changed the lines of order ${order.number}; the total is now $11,169.00. It waits for your approval.`);
    expect(changed.text).toContain('What changed:\n\n- Gelato: 4 lb → 6 lb\n- Gummies removed (was 10 units)');
    expect(changed.text).toContain('- Gelato: 6 lb × $1,861.50 = $11,169.00');
    // Waiting for the buyer's approval, it is not invoiced.
    expect(changed.attachments).toEqual([]);
  });
});

describe('a delivery', () => {
  it('names the lines that fell short, and when the rest is due', async () => {
    const order = await placeOrder([
      { productId: gelato.id, quantity: '10' },
      { productId: gummies.id, quantity: '20' },
    ]);
    for (const move of ['accept', 'fulfil']) await t.ok('POST', `/api/orders/${order.id}/${move}`, owner);
    await sent();
    await t.ok('POST', `/api/orders/${order.id}/deliver`, owner, {
      lines: [
        { productId: gelato.id, deliveredQuantity: '8' },
        { productId: gummies.id, deliveredQuantity: '20' },
      ],
    });

    const delivered = only(await sent(), buyer);
    expect(delivered.subject).toBe(`Order ${order.number} delivered`);
    expect(delivered.text).toContain(`Order ${order.number} was delivered December 13, 2026; payment of $14,932.00 is due December 13, 2026.`);
    expect(delivered.text).toContain('Delivered short:\n\n- Gelato: 8 lb of 10 lb delivered\n');
    expect(delivered.text).not.toContain('Gummies: 20 units of');
    expect(delivered.text).toContain('- Gelato: 8 lb delivered of 10 lb × $1,861.50 = $14,892.00');
    expect(delivered.attachments.map((file) => file.filename)).toEqual([`INV-${order.number}.pdf`]);
  });
});

describe("a seller's own order for a customer", () => {
  it('is told to the buyer who ordered from the seller before as written and accepted, with its invoice', async () => {
    // Ordering put the buyer in the seller's book, linked to their account.
    const { customerId } = await placeOrder([{ productId: gummies.id, quantity: '1' }]);
    await sent();
    const order = await t.ok<Order>('POST', '/api/orders', owner, { id: randomUUID(), customerId, lines: [{ productId: gummies.id, quantity: '3' }] }, 201);
    const messages = await sent();
    expect(to(messages, owner)).toEqual([]);
    const news = only(messages, buyer);
    expect(news.subject).toBe(`Order ${order.number} accepted`);
    expect(news.text).toContain(`North Star Farms wrote order ${order.number} for Corner Dispensary and accepted it, total $6.00.`);
    expect(news.attachments.map((file) => file.filename)).toEqual([`INV-${order.number}.pdf`]);
  });
});

describe('who hears of an order on the seller side', () => {
  it("is the team's current owners and managers and the customer's rep, after the founder moved out, each as their notifications say", async () => {
    const seller = await t.registerUser('seller', { firstName: 'Fay', businessName: 'Hilltop Farms' });
    const invite = async (role: 'manager' | 'rep', by = seller) => {
      const email = `${role}-${randomUUID()}@test.example`;
      await t.ok('POST', '/api/team/invitations', by, { email, role }, 201);
      const inviteToken = (await linkInMailTo(t.services, email, '/join')).searchParams.get('token');
      const res = await t.request<AuthResponse>('POST', '/api/auth/register', { body: { email, password: TEST_PASSWORD, firstName: 'Max', role: 'seller', inviteToken } });
      expect(res.status).toBe(201);
      return res.body;
    };
    const [heir, quietManager, customersRep, otherRep] = [await invite('manager'), await invite('manager'), await invite('rep'), await invite('rep')];
    // The founder hands the team over and leaves it; the new owner takes a manager on.
    await t.ok('PATCH', `/api/team/members/${heir.user.id}`, seller, { role: 'owner' });
    await t.ok('PATCH', `/api/team/members/${seller.user.id}`, heir, { role: 'manager' });
    expect((await t.request('DELETE', `/api/team/members/${seller.user.id}`, { token: heir.token })).status).toBe(204);
    const manager = await invite('manager', heir);
    await t.ok('PUT', '/api/account/notifications', quietManager, { 'order-request': false });
    const product = await t.ok<Product>('POST', '/api/products', heir, { strainName: 'Runtz', pricePerUnit: '3.00', unitType: 'unit', availableQuantity: '50' }, 201);
    const list = await t.ok<Menu>('POST', '/api/menus', heir, { name: 'Hilltop List', isPublic: true, productIds: [product.id] }, 201);
    await t.ok('POST', '/api/customers', heir, { name: 'Corner Dispensary', email: buyer.user.email, repUserId: customersRep.user.id }, 201);
    await sent();

    const order = await t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: list.id, lines: [{ productId: product.id, quantity: '2' }] }, 201);
    const placed = await sent();
    const subject = `Order ${order.number} submitted`;
    expect([heir, manager, customersRep].map((person) => to(placed, person).map((message) => message.subject))).toEqual([[subject], [subject], [subject]]);
    expect([seller, quietManager, otherRep].map((person) => to(placed, person))).toEqual([[], [], []]);
    expect(only(placed, heir).text).toContain('Hello Max,');

    // A step the team made itself reaches, of the team, only the customer's rep.
    await t.ok('POST', `/api/orders/${order.id}/accept`, manager);
    const accepted = await sent();
    expect(to(accepted, customersRep).map((message) => message.subject)).toEqual([`Order ${order.number} accepted`]);
    expect([heir, manager, quietManager, otherRep].map((person) => to(accepted, person))).toEqual([[], [], [], []]);
  });
});

describe('a member added to the team after an order', () => {
  it('hears of its next step as any manager does', async () => {
    const order = await placeOrder([{ productId: gummies.id, quantity: '1' }]);
    await sent();
    const manager = await member('manager');
    await sent();
    await t.ok('POST', `/api/orders/${order.id}/cancel`, buyer);
    const cancelled = await sent();
    expect(to(cancelled, manager).map((message) => message.subject)).toEqual([`Order ${order.number} cancelled`]);
    expect(only(cancelled, manager).text).toContain(`Order ${order.number} was cancelled by Corner Dispensary.`);
  });
});
