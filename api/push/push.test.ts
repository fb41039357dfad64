/**
 * Web push end to end in one process: subscriptions kept to the allowed push services, and the news of orders and
 * inquiries delivered to a stand-in push service that decrypts each push with the subscription's keys, so what is
 * checked is what the device would show. The stand-in's certificate is trusted through an agent of the test's own
 * here; push-server-process.test.ts trusts it as a server does, through NODE_EXTRA_CA_CERTS.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCount } from '../../sync/rules/badge';
import { PUSH_KINDS, pushMessageSchema, type PushMessage, type PushPreferences } from '../../sync/entities/push';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { formatPrice } from '../../sync/rules/format-decimal';
import { pullResponseSchema, pushResponseSchema } from '../../sync/contract/protocol';
import { pushOutbox, pushSubscriptions, teamMembers } from '../db/schema';
import { sendSavedMenuDigests } from '../mail/saved-menus-digest';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../testing/push-stand-in';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { PushOutbox, REFUSALS_BEFORE_REMOVAL } from './push-outbox';
import { SUBSCRIPTIONS_PER_PERSON } from './push-service';

let t: TestApp;
let standIn: PushStandIn;
let seller: AuthResponse;
let rep: AuthResponse;
let otherRep: AuthResponse;
let buyer: AuthResponse;
let menu: Menu;
let gelato: Product;
let agent: Agent;
const TUNING = { firstDelayMs: 20, maxDelayMs: 100, pollMs: 50 };
const HOUR_MS = 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36';

beforeAll(async () => {
  standIn = await startPushStandIn();
  t = createTestApp({ env: { PUSH_SERVICE_ORIGINS: `${standIn.origin}, https://push.example.net` } });
  agent = new Agent({ ca: standIn.caCert });
  t.services.push = new PushOutbox(t.services.db, t.services.pushKeys, t.services.now, { ...TUNING, agent });
  t.services.push.start();
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  rep = await t.registerUser('seller', { businessName: 'Rep Own Business' });
  otherRep = await t.registerUser('seller', { businessName: 'Other Rep Own Business' });
  await t.services.db.transaction(async (tx) => {
    await tx.db
      .update(teamMembers)
      .set({ teamId: seller.user.id, role: 'rep' })
      .where(inArray(teamMembers.userId, [rep.user.id, otherRep.user.id]))
      .run();
  });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  // The buyer proved the address the seller keyed in, so their first order lands on that entry.
  await t.confirmEmail(buyer);
  // The buyer is `rep`'s customer; `otherRep` looks after other customers.
  await t.ok('POST', '/api/customers', seller, { name: 'Corner Dispensary', email: buyer.user.email, repUserId: rep.user.id }, 201);
  gelato = await t.ok<Product>('POST', '/api/products', seller, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '100' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id] }, 201);
});
afterAll(async () => {
  t?.services.push.stop();
  await t?.services.push.idle();
  await t?.close();
  await standIn?.close();
});

async function subscribed(as: AuthResponse): Promise<StandInSubscription> {
  const subscription = standIn.subscribe();
  await t.ok('POST', '/api/push/subscriptions', as, subscription, 201);
  return subscription;
}

const pushesTo = (subscription: StandInSubscription) => standIn.received.filter((push) => push.endpoint === subscription.endpoint);
const delivered = (subscription: StandInSubscription) => pushesTo(subscription).filter((push) => push.status === 201);

/** The pushes delivered to the subscription, once there are `count`. */
async function messagesOf(subscription: StandInSubscription, count: number): Promise<PushMessage[]> {
  await expect.poll(() => delivered(subscription).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return delivered(subscription).map((push) => pushMessageSchema.parse(push.message));
}

/** Everything queued so far has been tried. */
async function settled(): Promise<void> {
  await expect.poll(async () => (await t.services.db.read.select().from(pushOutbox).all()).length, { timeout: 30_000 }).toBe(0);
  await t.services.push.idle();
}

/** The badge a device of `as` (on the team `teamId`) shows from a replica freshly pulled. */
async function replicaBadge(as: AuthResponse, teamId: string): Promise<number> {
  const replica = pullResponseSchema.parse(await t.ok('GET', '/api/sync/pull?cursor=0', as));
  return badgeCount(teamId, replica.orders, replica.inquiries);
}

const placeOrder = (quantity = '1') => t.ok<Order>('POST', '/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity }] }, 201);

describe('subscribing', () => {
  it('answers the public key without a sign-in, the same each time, and signs pushes with it', async () => {
    const first = await t.request<{ publicKey: string }>('GET', '/api/push/key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[\w-]{87}$/);
    expect((await t.request<{ publicKey: string }>('GET', '/api/push/key')).body).toEqual(first.body);
  });

  it('refuses an endpoint outside the known push services and the listed origins, so the server never calls an arbitrary address', async () => {
    const keys = standIn.subscribe().keys;
    for (const endpoint of [
      'https://attacker.example.com/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.attacker.example/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://127.0.0.1:1/push/1',
      'https://notify.windows.com.evil.example/w',
      'not a url',
    ]) {
      const res = await t.request<ErrorBody>('POST', '/api/push/subscriptions', { token: buyer.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBeTruthy();
    }
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://wns2-par02p.notify.windows.com/w/?token=abc', 'https://push.example.net/x']) {
      expect((await t.request('POST', '/api/push/subscriptions', { token: buyer.token, body: { endpoint, keys } })).status, endpoint).toBe(201);
      await t.ok('DELETE', '/api/push/subscriptions', buyer, { endpoint }, 204);
    }
  });

  it('refuses an endpoint that another parser reads as another address, so the sender goes only where the check looked', async () => {
    const keys = standIn.subscribe().keys;
    const standInHost = new URL(standIn.origin).host;
    // The WHATWG parser reads each of these as an allowed host; the sender's parser reads no host, and would call localhost.
    for (const endpoint of [
      'https:/fcm.googleapis.com/fcm/send/1',
      'https:fcm.googleapis.com/fcm/send/1',
      `https:/${standInHost}/push/1`,
      `https:${standInHost}/push/1`,
      'https://fcm.googleapis.com\\fcm/send/1',
      'https://FCM.googleapis.com/fcm/send/1',
    ]) {
      const res = await t.request<ErrorBody>('POST', '/api/push/subscriptions', { token: buyer.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.errors, endpoint).toEqual({ endpoint: 'This browser’s push service is not one this server sends to' });
    }
  });

  it('refuses keys that are not a P-256 public key and a 16-byte auth secret, as a browser makes them', async () => {
    const { endpoint, keys } = standIn.subscribe();
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve.writeUInt8(offCurve.readUInt8(64) ^ 1, 64);
    const p256dhRefused = { 'keys.p256dh': 'The subscription’s p256dh key is not a P-256 public key' };
    const authRefused = { 'keys.auth': 'The subscription’s auth secret must be 16 bytes' };
    for (const [given, errors] of [
      [{ p256dh: offCurve.toString('base64url') }, p256dhRefused],
      [{ p256dh: point.subarray(0, 33).toString('base64url') }, p256dhRefused],
      [{ p256dh: Buffer.alloc(65, 4).toString('base64url') }, p256dhRefused],
      [{ p256dh: `${keys.p256dh.slice(0, -1)}!` }, p256dhRefused],
      [{ auth: Buffer.alloc(8).toString('base64url') }, authRefused],
      [{ auth: Buffer.alloc(32).toString('base64url') }, authRefused],
      [{ auth: 'not base64url!' }, authRefused],
    ] as const) {
      const res = await t.request<ErrorBody>('POST', '/api/push/subscriptions', { token: buyer.token, body: { endpoint, keys: { ...keys, ...given } } });
      expect(res.status, JSON.stringify(given)).toBe(400);
      expect(res.body.errors, JSON.stringify(given)).toEqual(errors);
    }
    expect(await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).all()).toEqual([]);
  });

  it('keeps a subscription its owner’s: posted by another person with other keys it is refused and still delivers to its owner; with its keys (the same browser, signed in as them) it moves', async () => {
    const subscription = standIn.subscribe();
    const ownerOf = async () =>
      (await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint)).all()).map((row) => row.userId);
    await t.ok('POST', '/api/push/subscriptions', buyer, subscription, 201);
    await t.ok('POST', '/api/push/subscriptions', buyer, subscription, 201);
    const takeover = await t.request<ErrorBody>('POST', '/api/push/subscriptions', { token: rep.token, body: { endpoint: subscription.endpoint, keys: standIn.subscribe().keys } });
    expect(takeover.status).toBe(409);
    expect(takeover.body).toMatchObject({ reason: 'conflict', message: 'This push endpoint is subscribed for another account' });
    expect(await ownerOf()).toEqual([buyer.user.id]);
    expect((await t.request('DELETE', '/api/push/subscriptions', { token: rep.token, body: { endpoint: subscription.endpoint } })).status).toBe(404);
    const order = await placeOrder();
    await t.ok('POST', `/api/orders/${order.id}/reject`, seller, { reason: 'Out of season' });
    expect((await messagesOf(subscription, 1)).at(-1)).toMatchObject({ title: `Order ${order.number} rejected` });

    await t.ok('POST', '/api/push/subscriptions', rep, subscription, 201);
    expect(await ownerOf()).toEqual([rep.user.id]);
    expect((await t.request('DELETE', '/api/push/subscriptions', { token: buyer.token, body: { endpoint: subscription.endpoint } })).status).toBe(404);
    await t.ok('DELETE', '/api/push/subscriptions', rep, { endpoint: subscription.endpoint }, 204);
    expect(await ownerOf()).toEqual([]);
    await settled();
  });

  it("keeps a person's newest subscriptions only, so no one can make each event fan out without end", async () => {
    const person = await t.registerUser('buyer');
    const endpoints: string[] = [];
    for (let index = 0; index <= SUBSCRIPTIONS_PER_PERSON; index += 1) {
      const subscription = standIn.subscribe();
      endpoints.push(subscription.endpoint);
      await t.ok('POST', '/api/push/subscriptions', person, subscription, 201);
      t.clock.advance(1000);
    }
    const kept = await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id)).all();
    expect(kept.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });

  it('ends a subscription with the sign-in that made it: signing out there stops its pushes, not those of other devices', async () => {
    const person = await t.registerUser('buyer');
    const device = standIn.subscribe();
    await t.ok('POST', '/api/push/subscriptions', person, device, 201);
    const elsewhere = await t.ok<AuthResponse>('POST', '/api/auth/login', person, { email: person.user.email, password: TEST_PASSWORD });
    const otherDevice = standIn.subscribe();
    await t.ok('POST', '/api/push/subscriptions', elsewhere, otherDevice, 201);
    const endpointsOf = async () =>
      (await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id)).all()).map((row) => row.endpoint);
    expect(await endpointsOf()).toHaveLength(2);
    await t.ok('POST', '/api/auth/logout', elsewhere, undefined, 204);
    expect(await endpointsOf()).toEqual([device.endpoint]);
  });

  it('answers every kind on by default, and changes only the kinds sent', async () => {
    const all = await t.ok<PushPreferences>('GET', '/api/account/push-notifications', buyer);
    expect(all).toEqual(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])));
    const changed = await t.ok<PushPreferences>('PUT', '/api/account/push-notifications', buyer, { 'saved-menus-changed': false });
    expect(changed).toEqual({ ...all, 'saved-menus-changed': false });
    const bad = await t.request<ErrorBody>('PUT', '/api/account/push-notifications', { token: buyer.token, body: { 'no-such-kind': true } });
    expect(bad.status).toBe(400);
    await t.ok('PUT', '/api/account/push-notifications', buyer, { 'saved-menus-changed': true });
  });
});

describe('the news pushed', () => {
  let sellerDevice: StandInSubscription;
  let repDevice: StandInSubscription;
  let otherRepDevice: StandInSubscription;
  let buyerDevice: StandInSubscription;

  beforeAll(async () => {
    sellerDevice = await subscribed(seller);
    repDevice = await subscribed(rep);
    otherRepDevice = await subscribed(otherRep);
    buyerDevice = await subscribed(buyer);
  });

  /** Runs `action`, then answers the one push it delivered to `device`. */
  async function nextPush(device: StandInSubscription, action: () => Promise<unknown>): Promise<PushMessage> {
    const before = delivered(device).length;
    await action();
    const messages = await messagesOf(device, before + 1);
    expect(messages.length).toBe(before + 1);
    return messages.at(-1)!;
  }

  /** Runs `action` and waits until every push it queued was tried: answers how many reached each device. */
  async function countPushes(devices: StandInSubscription[], action: () => Promise<unknown>): Promise<number[]> {
    const before = devices.map((device) => delivered(device).length);
    await action();
    await settled();
    return devices.map((device, index) => delivered(device).length - before[index]!);
  }

  it("tells the seller's team of a new order, decryptable, with the page and the badge, and never the buyer who placed it", async () => {
    const key = (await t.request<{ publicKey: string }>('GET', '/api/push/key')).body.publicKey;
    let order: Order | undefined;
    const toSeller = await nextPush(sellerDevice, async () => (order = await placeOrder()));
    expect(toSeller).toMatchObject({
      title: `New order ${order!.number} from Corner Dispensary`,
      url: `/orders/${order!.id}`,
      tag: `order-${order!.id}`,
      badgeCount: 1,
      web_push: 8030,
      notification: { title: toSeller.title, navigate: `${t.services.env.APP_URL}/orders/${order!.id}`, app_badge: '1' },
    });
    expect(toSeller.body).toContain(formatPrice(order!.total));
    expect((await messagesOf(repDevice, 1))[0]).toEqual(toSeller);
    expect(delivered(sellerDevice).at(-1)).toMatchObject({ vapidKey: key, headers: { urgency: 'high', 'content-encoding': 'aes128gcm' } });
    expect(Number(delivered(sellerDevice).at(-1)!.headers.ttl)).toBeGreaterThan(0);
    await settled();
    expect(pushesTo(buyerDevice)).toEqual([]);
    const rejected = await nextPush(buyerDevice, () => t.ok('POST', `/api/orders/${order!.id}/reject`, seller, { reason: 'Out of season' }));
    expect(rejected).toMatchObject({ title: `Order ${order!.number} rejected`, body: expect.stringContaining('Out of season') as unknown, badgeCount: 0 });
  });

  it("tells the buyer and the customer's rep of a status change made through a sync mutation, and neither the member who made it nor another colleague", async () => {
    const order = await placeOrder();
    await settled();
    let counts: number[] = [];
    const toBuyer = await nextPush(buyerDevice, async () => {
      counts = await countPushes([sellerDevice, repDevice, otherRepDevice], async () => {
        const push = await t.ok('POST', '/api/sync/push', seller, { clientId: randomUUID(), mutations: [{ seq: 1, name: 'order.accept', args: { id: order.id } }] });
        expect(pushResponseSchema.parse(push).results[0]).toEqual({ seq: 1, outcome: 'applied' });
      });
    });
    expect(toBuyer).toMatchObject({ title: `Order ${order.number} accepted`, url: `/orders/${order.id}`, badgeCount: 0 });
    expect(counts).toEqual([0, 1, 0]);
  });

  it("asks the buyer's approval of a change", async () => {
    const order = await placeOrder('1');
    await t.ok('POST', `/api/orders/${order.id}/accept`, seller);
    await settled();
    // A change that raises the total waits for the buyer.
    const toBuyer = await nextPush(buyerDevice, () => t.ok('PUT', `/api/orders/${order.id}/lines`, seller, { lines: [{ productId: gelato.id, quantity: '2' }] }));
    expect(toBuyer).toMatchObject({ title: `Order ${order.number} awaits your approval`, badgeCount: 1 });
    const approved = await nextPush(sellerDevice, () => t.ok('POST', `/api/orders/${order.id}/approve`, buyer));
    expect(approved).toMatchObject({ title: `Order ${order.number} approved` });
  });

  it('tells the seller of a new inquiry, opening the conversation, and the buyer of the reply', async () => {
    const id = randomUUID();
    const toSeller = await nextPush(sellerDevice, () => t.ok('POST', '/api/inquiries', buyer, { id, menuId: menu.id, kind: 'message', message: 'Do you have more Gelato?' }, 201));
    expect(toSeller).toMatchObject({ title: 'New inquiry from Corner Dispensary', body: 'Do you have more Gelato?', url: `/inbox?id=${id}`, tag: `inquiry-${id}` });
    const toBuyer = await nextPush(buyerDevice, () => t.ok('POST', `/api/inquiries/${id}/messages`, seller, { id: randomUUID(), body: 'Plenty: 40 lb this week.' }, 201));
    expect(toBuyer).toMatchObject({ title: 'Message from North Star Farms', body: 'Plenty: 40 lb this week.', url: `/inbox?id=${id}` });
  });

  it('counts on the badge the conversations the team has not read, as its devices count them from their replicas', async () => {
    const team = seller.user.id;
    const ask = (id: string) => t.ok('POST', '/api/inquiries', buyer, { id, menuId: menu.id, kind: 'message', message: 'Any Gelato left?' }, 201);
    /** Runs `action`, then answers the badge its push gave `device`, checked against the replica of `as`. */
    const badgeAfter = async (device: StandInSubscription, as: AuthResponse, teamId: string, action: () => Promise<unknown>) => {
      // Apart in time, so each read mark and reply is clearly before or after the activity around it.
      t.clock.advance(1000);
      const { badgeCount: pushed } = await nextPush(device, action);
      expect(pushed).toBe(await replicaBadge(as, teamId));
      return pushed;
    };
    const read = (id: string) => {
      t.clock.advance(1000);
      return t.ok('POST', `/api/inquiries/${id}/read`, seller, undefined, 204);
    };

    const before = await replicaBadge(seller, team);
    const first = randomUUID();
    const unread = await badgeAfter(sellerDevice, seller, team, () => ask(first));
    expect(unread).toBe(before + 1);
    await settled();
    expect((await messagesOf(repDevice, delivered(repDevice).length)).at(-1)!.badgeCount).toBe(await replicaBadge(rep, team));

    // Read, the conversation stops counting though the buyer wrote last; a second question about the menu makes it count again, once.
    await read(first);
    const second = randomUUID();
    expect(await badgeAfter(sellerDevice, seller, team, () => ask(second))).toBe(unread);

    // Answered, it stops counting for the seller and counts for the buyer, who had read all it was told before.
    for (const thread of pullResponseSchema.parse(await t.ok('GET', '/api/sync/pull?cursor=0', buyer)).inquiries) {
      await t.ok('POST', `/api/inquiries/${thread.id}/read`, buyer, undefined, 204);
    }
    const buyerBefore = await replicaBadge(buyer, buyer.user.id);
    const answer = () => t.ok('POST', `/api/inquiries/${second}/messages`, seller, { id: randomUUID(), body: 'Yes, 40 lb.' }, 201);
    expect(await badgeAfter(buyerDevice, buyer, buyer.user.id, answer)).toBe(buyerBefore + 1);
    expect(await badgeAfter(sellerDevice, seller, team, () => ask(randomUUID()))).toBe(unread);
    await settled();
  });

  it('tells the seller the first time a buyer opens one of their menus, and only the first time', async () => {
    const openMenu = async () => {
      const res = await t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { token: buyer.token, headers: { 'user-agent': BROWSER } });
      expect(res.status).toBe(200);
      await t.services.views.flush();
    };
    const toSeller = await nextPush(sellerDevice, openMenu);
    expect(toSeller).toMatchObject({ title: 'Corner Dispensary opened Wholesale List', url: `/menus/${menu.id}/insights` });
    expect(await countPushes([sellerDevice], openMenu)).toEqual([0]);
  });

  it("tells a buyer of saved menus that changed, at most once a day even with the digest's email off", async () => {
    await t.ok('PUT', '/api/account/notifications', buyer, { 'saved-menus-digest': false });
    await t.ok('POST', '/api/saved-menus', buyer, { menuId: menu.id }, 201);
    const changePrice = (pricePerUnit: string) => t.ok('PUT', `/api/products/${gelato.id}`, seller, { pricePerUnit });
    const toBuyer = await nextPush(buyerDevice, async () => {
      await changePrice('1500.00');
      await sendSavedMenuDigests(t.services);
    });
    expect(toBuyer).toMatchObject({ title: 'Wholesale List changed', url: '/saved-menus', tag: 'saved-menus-changed' });
    expect(toBuyer.body).toContain('Gelato');
    t.clock.advance(3 * HOUR_MS);
    await changePrice('1550.00');
    expect(await countPushes([buyerDevice], () => sendSavedMenuDigests(t.services))).toEqual([0]);
    t.clock.advance(22 * HOUR_MS);
    expect(await countPushes([buyerDevice], () => sendSavedMenuDigests(t.services))).toEqual([1]);
  });

  it("tells a rep only of their own customers' orders, and counts only those on the rep's badge, as they see only those", async () => {
    expect(await countPushes([repDevice, otherRepDevice], placeOrder)).toEqual([1, 0]);
    const stranger = await t.registerUser('buyer', { companyName: 'Stranger Goods' });
    const placeStrangersOrder = () => t.ok<Order>('POST', '/api/orders', stranger, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1' }] }, 201);
    expect(await countPushes([repDevice, otherRepDevice], placeStrangersOrder)).toEqual([0, 0]);
    const toRep = await nextPush(repDevice, placeOrder);
    await settled();
    const toSeller = (await messagesOf(sellerDevice, delivered(sellerDevice).length)).at(-1)!;
    expect(toSeller.title).toBe(toRep.title);
    // The stranger's waiting order counts on the seller's badge, not on the rep's, as on their devices.
    expect(toSeller.badgeCount).toBe(toRep.badgeCount + 1);
    expect(toSeller.badgeCount).toBe(await replicaBadge(seller, seller.user.id));
    expect(toRep.badgeCount).toBe(await replicaBadge(rep, seller.user.id));
  });

  it('sends nothing of a kind the person turned off', async () => {
    await t.ok('PUT', '/api/account/push-notifications', seller, { 'new-order': false });
    expect(await countPushes([sellerDevice, repDevice], placeOrder)).toEqual([0, 1]);
    await t.ok('PUT', '/api/account/push-notifications', seller, { 'new-order': true });
  });
});

describe('delivery', () => {
  it('retries a push the service answers 429 (after its Retry-After) or 500, and delivers it unchanged', async () => {
    const device = await subscribed(seller);
    standIn.respondWith(429, { endpoint: device.endpoint, times: 1, headers: { 'retry-after': '0' } });
    standIn.respondWith(500, { endpoint: device.endpoint, times: 1 });
    const order = await placeOrder();
    const [message] = await messagesOf(device, 1);
    expect(pushesTo(device).map((push) => push.status)).toEqual([429, 500, 201]);
    expect(pushesTo(device).map((push) => push.message)).toEqual([message, message, message]);
    expect(message).toMatchObject({ url: `/orders/${order.id}` });
    await settled();
    await t.ok('DELETE', '/api/push/subscriptions', seller, { endpoint: device.endpoint }, 204);
  });

  it('removes a subscription the service answers 410 for', async () => {
    const device = await subscribed(seller);
    standIn.respondWith(410, { endpoint: device.endpoint });
    await placeOrder();
    await expect
      .poll(async () => (await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)).all()).length, { timeout: 30_000 })
      .toBe(0);
    await settled();
  });

  it('gives up a subscription its service refuses again and again, and keeps one refused now and then', async () => {
    const device = await subscribed(seller);
    const rowsOf = async () => t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)).all();
    const orderAndWait = async () => {
      await placeOrder();
      await settled();
    };
    standIn.respondWith(403, { endpoint: device.endpoint, times: REFUSALS_BEFORE_REMOVAL - 1 });
    for (let index = 1; index < REFUSALS_BEFORE_REMOVAL; index += 1) await orderAndWait();
    expect((await rowsOf())[0]?.failures).toBe(REFUSALS_BEFORE_REMOVAL - 1);
    await orderAndWait();
    expect(delivered(device)).toHaveLength(1);
    expect((await rowsOf())[0]?.failures).toBe(0);
    standIn.respondWith(403, { endpoint: device.endpoint, times: REFUSALS_BEFORE_REMOVAL });
    for (let index = 0; index < REFUSALS_BEFORE_REMOVAL; index += 1) await orderAndWait();
    expect(await rowsOf()).toEqual([]);
  });

  it('removes unsent a subscription kept before its endpoint was checked, whose address another parser reads as another host', async () => {
    const device = await subscribed(seller);
    const path = new URL(device.endpoint).pathname;
    // As such a row was kept: the WHATWG parser reads the stand-in's host, the sender's parser none (so localhost).
    const misread = `https:/${new URL(standIn.origin).host}${path}`;
    await t.services.db.transaction(async (tx) => {
      await tx.db.update(pushSubscriptions).set({ endpoint: misread }).where(eq(pushSubscriptions.endpoint, device.endpoint)).run();
    });
    await placeOrder();
    await expect
      .poll(async () => (await t.services.db.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, misread)).all()).length, { timeout: 30_000 })
      .toBe(0);
    await settled();
    expect(standIn.received.filter((push) => new URL(push.endpoint).pathname === path)).toEqual([]);
  });

  it('sends a push once, however many senders share the database', async () => {
    t.services.push.stop();
    await t.services.push.idle();
    const device = await subscribed(buyer);
    const others = [1, 2, 3].map(() => new PushOutbox(t.services.db, t.services.pushKeys, t.services.now, { ...TUNING, agent }));
    const order = await placeOrder();
    await t.ok('POST', `/api/orders/${order.id}/accept`, seller);
    const sent = await Promise.all([t.services.push, ...others].map((sender) => sender.deliverDue()));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(delivered(device).length).toBe(1);
    t.services.push.start();
    await settled();
  });
});
