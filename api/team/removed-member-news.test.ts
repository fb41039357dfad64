/**
 * A rep removed from the team, or no longer the customer's rep, hears nothing more of the team's orders: no email and no
 * push, neither those queued after the change nor those queued before it and still waiting to be sent.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../sync/entities/customer';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { MailOutbox, NO_LONGER_HEARS } from '../mail/outbox';
import type { OutgoingMail } from '../mail/transport';
import { mailTo } from '../mail/testing/outbox-reader';
import { PushOutbox } from '../push/push-outbox';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../testing/push-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';

let standIn: PushStandIn;
let agent: Agent;
let t: TestApp;
let owner: AuthResponse;
let buyer: AuthResponse;
let menu: Menu;
let gelato: Product;
/** Every email handed to the mail server, by a sender of the test's own. */
let sent: OutgoingMail[];
let mailSender: MailOutbox;

beforeAll(async () => {
  standIn = await startPushStandIn();
  agent = new Agent({ ca: standIn.caCert });
});
afterAll(async () => {
  await standIn?.close();
});

beforeEach(async () => {
  t = createTestApp({ env: { PUSH_SERVICE_ORIGINS: standIn.origin } });
  // Not started: each test sends what waits when it says so.
  t.services.push = new PushOutbox(t.services.db, t.services.pushKeys, t.services.now, { agent, batchSize: 500 });
  sent = [];
  mailSender = new MailOutbox(t.services.db, { send: async (mail) => (sent.push(mail), randomUUID()) }, t.services.now, { batchSize: 500 });
  owner = await t.registerUser('seller', { businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  // The book's entry links by its email only to an address its owner confirmed; the buyer's first order then consents to it.
  await t.confirmEmail(buyer);
  gelato = await t.ok<Product>('POST', '/api/products', owner, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '100' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', owner, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id] }, 201);
  return () => t.close();
});

const member = (role: 'manager' | 'rep') => t.joinTeam(owner, role);

async function subscribed(as: AuthResponse): Promise<StandInSubscription> {
  const subscription = standIn.subscribe();
  await t.ok('POST', '/api/push/subscriptions', as, subscription, 201);
  return subscription;
}

/** Sends every push and email waiting; answers the titles of the pushes each device got and the subjects each address got. */
async function sendWaiting(devices: StandInSubscription[], addresses: string[]): Promise<{ pushes: string[][]; mail: string[][] }> {
  const before = devices.map((device) => received(device).length);
  const mailBefore = sent.length;
  await t.services.push.deliverDue();
  await mailSender.deliverDue();
  return {
    pushes: devices.map((device, index) =>
      received(device)
        .slice(before[index])
        .map((push) => (push.message as { title: string }).title),
    ),
    mail: addresses.map((address) => sent.slice(mailBefore).flatMap((mail) => (mail.to === address ? [mail.subject] : []))),
  };
}

const received = (device: StandInSubscription) => standIn.received.filter((push) => push.endpoint === device.endpoint && push.status === 201);

const placeOrder = () => t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1' }] }, 201);

/** The buyer's entry in the book, looked after by `rep`. */
const assignBuyerTo = (rep: AuthResponse) => t.ok<Customer>('POST', '/api/customers', owner, { name: 'Corner Dispensary', email: buyer.user.email, repUserId: rep.user.id }, 201);

describe('a rep removed from the team', () => {
  it("hears nothing of their former customer's new order or its status changes, by email or push", async () => {
    const rep = await member('rep');
    const [ownerDevice, repDevice] = [await subscribed(owner), await subscribed(rep)];
    await assignBuyerTo(rep);
    await sendWaiting([], []);
    expect((await t.request('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token })).status).toBe(204);

    const order = await placeOrder();
    await t.ok('POST', `/api/orders/${order.id}/cancel`, buyer);
    const second = await placeOrder();
    await t.ok('POST', `/api/orders/${second.id}/accept`, owner);
    const { pushes, mail } = await sendWaiting([ownerDevice, repDevice], [owner.user.email, rep.user.email]);
    expect(pushes).toEqual([[`New order ${order.number} from Corner Dispensary`, `Order ${order.number} cancelled`, `New order ${second.number} from Corner Dispensary`], []]);
    expect(mail).toEqual([[`Order ${order.number} submitted`, `Order ${order.number} cancelled`, `Order ${second.number} submitted`], []]);
    expect((await mailTo(t.services, rep.user.email)).filter((row) => row.subject.startsWith('Order '))).toEqual([]);
  });

  it('is not sent the email and push about the order that were queued before the removal', async () => {
    const rep = await member('rep');
    const [ownerDevice, repDevice] = [await subscribed(owner), await subscribed(rep)];
    await assignBuyerTo(rep);
    await sendWaiting([], []);
    const order = await placeOrder();
    // Queued for both while the rep still looked after the customer.
    expect((await mailTo(t.services, rep.user.email)).map((row) => row.subject)).toContain(`Order ${order.number} submitted`);
    expect((await t.request('DELETE', `/api/team/members/${rep.user.id}`, { token: owner.token })).status).toBe(204);

    const { pushes, mail } = await sendWaiting([ownerDevice, repDevice], [owner.user.email, rep.user.email]);
    expect(pushes).toEqual([[`New order ${order.number} from Corner Dispensary`], []]);
    expect(mail).toEqual([[`Order ${order.number} submitted`], []]);
    const [withheld] = (await mailTo(t.services, rep.user.email)).filter((row) => row.subject === `Order ${order.number} submitted`);
    expect(withheld).toMatchObject({ status: 'failed', lastError: NO_LONGER_HEARS, sentAt: null });
  });
});

describe('a rep who no longer looks after the customer', () => {
  it('is not sent what was queued while they did; the rep who took the customer over hears of the next step', async () => {
    const rep = await member('rep');
    const nextRep = await member('rep');
    const [repDevice, nextRepDevice] = [await subscribed(rep), await subscribed(nextRep)];
    const customer = await assignBuyerTo(rep);
    await sendWaiting([], []);
    const order = await placeOrder();
    expect((await mailTo(t.services, rep.user.email)).map((row) => row.subject)).toContain(`Order ${order.number} submitted`);
    await t.ok('PATCH', `/api/customers/${customer.id}`, owner, { repUserId: nextRep.user.id });

    const queued = await sendWaiting([repDevice, nextRepDevice], [rep.user.email, nextRep.user.email]);
    expect(queued).toEqual({ pushes: [[], []], mail: [[], []] });
    await t.ok('POST', `/api/orders/${order.id}/accept`, owner);
    const accepted = await sendWaiting([repDevice, nextRepDevice], [rep.user.email, nextRep.user.email]);
    expect(accepted).toEqual({ pushes: [[], [`Order ${order.number} accepted`]], mail: [[], [`Order ${order.number} accepted`]] });
  });
});

describe('a manager made a rep', () => {
  it('hears no more of the orders of customers they do not look after, not even one queued before the change', async () => {
    const manager = await member('manager');
    const device = await subscribed(manager);
    const first = await placeOrder();
    expect((await sendWaiting([device], [])).pushes).toEqual([[`New order ${first.number} from Corner Dispensary`]]);
    await placeOrder();
    await t.ok('PATCH', `/api/team/members/${manager.user.id}`, owner, { role: 'rep' });
    await placeOrder();
    expect((await sendWaiting([device], [])).pushes).toEqual([[]]);
  });
});
