/**
 * Messages and order requests between a buyer and a seller, over REST
 * (/api/inquiries) and over sync (inquiry.create/reply/setStatus/markRead and
 * the pull): checked against lot sizes and stock, priced exactly at the
 * moment they are sent, readable and changeable by their two parties only.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquirySchema, type Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { pullResponseSchema, pushResponseSchema, type MutationOutcome, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { inquiries, inquiryMessages } from '../db/schema';
import { MENU_NOT_FOUND_MESSAGE } from '../public-menu/public-menu-service';
import { createTestApp, type TestApp } from '../testing/test-app';

const BASE = Date.parse('2031-05-01T09:00:00.000Z');

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let gelato: Product;
let tangie: Product;
let gummies: Product;
let minis: Product;
let unpriced: Product;
let offMenu: Product;
let foreign: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  otherSeller = await t.registerUser('seller', { businessName: 'Elsewhere Growers' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  otherBuyer = await t.registerUser('buyer', { companyName: 'Nosy Buyers' });
  gelato = await product(seller, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', lotSize: 2, availableQuantity: '10' });
  tangie = await product(seller, { strainName: 'Tangie Cart', pricePerUnit: '1.15', unitType: 'oz', availableQuantity: '1000' });
  gummies = await product(seller, { strainName: 'Gummies', pricePerUnit: '0.33', unitType: 'oz', availableQuantity: '1000' });
  minis = await product(seller, { strainName: 'Mini Prerolls', pricePerUnit: '4', unitType: 'unit', lotSize: 10, availableQuantity: '100' });
  unpriced = await product(seller, { strainName: 'Mystery Pheno', unitType: 'oz', availableQuantity: '5' });
  offMenu = await product(seller, { strainName: 'Not Listed', pricePerUnit: '10', availableQuantity: '10' });
  foreign = await product(otherSeller, { strainName: 'Foreign Kush', pricePerUnit: '10', availableQuantity: '10' });
  menu = await t.ok<Menu>(
    'POST',
    '/api/menus',
    seller.token,
    {
      name: 'Wholesale List',
      isPublic: true,
      productIds: [gelato.id, tangie.id, gummies.id, minis.id, unpriced.id],
    },
    201,
  );
});
afterAll(() => t.close());

function product(account: AuthResponse, body: Record<string, unknown>): Promise<Product> {
  return t.ok<Product>('POST', '/api/products', account.token, body, 201);
}

const send = (account: AuthResponse, body: Record<string, unknown>) => t.request<Inquiry & ErrorBody>('POST', '/api/inquiries', { token: account.token, body });
const get = (account: AuthResponse, id: string) => t.request<Inquiry & ErrorBody>('GET', `/api/inquiries/${id}`, { token: account.token });
const list = async (account: AuthResponse) => (await t.ok<Inquiry[]>('GET', '/api/inquiries', account.token)).map((inquiry) => inquirySchema.parse(inquiry));
const reply = (account: AuthResponse, id: string, body: string, messageId = randomUUID()) =>
  t.request<Inquiry & ErrorBody>('POST', `/api/inquiries/${id}/messages`, { token: account.token, body: { id: messageId, body } });
const setStatus = (account: AuthResponse, id: string, status: string) =>
  t.request<Inquiry & ErrorBody>('POST', `/api/inquiries/${id}/status`, { token: account.token, body: { status } });
const markRead = (account: AuthResponse, id: string) => t.request<ErrorBody>('POST', `/api/inquiries/${id}/read`, { token: account.token });

const inquiryRows = async (id: string) => await t.services.db.read.select().from(inquiries).where(eq(inquiries.id, id)).all();
const messageRows = async (id: string) => await t.services.db.read.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryId, id)).all();

const order = (items: Array<[Product, string]>, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  menuId: menu.id,
  kind: 'order',
  items: items.map(([item, quantity]) => ({ productId: item.id, quantity })),
  ...extra,
});
const message = (text: string, extra: Record<string, unknown> = {}) => ({ id: randomUUID(), menuId: menu.id, kind: 'message', message: text, ...extra });

/** One device of one user. */
function device(account: AuthResponse) {
  const clientId = randomUUID();
  let seq = 0;
  async function push(name: MutationName, args: unknown): Promise<MutationOutcome> {
    seq += 1;
    const res = await t.request<PushResponse>('POST', '/api/sync/push', { token: account.token, body: { clientId, mutations: [{ seq, name, args }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pushResponseSchema.parse(res.body).results[0]!;
  }
  return {
    push,
    async pushOk(name: MutationName, args: unknown): Promise<void> {
      const result = await push(name, args);
      expect(result, `${name}: ${JSON.stringify(result)}`).toEqual({ seq, outcome: 'applied' });
    },
    async pull(cursor = 0): Promise<PullResponse> {
      const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}&clientId=${clientId}`, { token: account.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return pullResponseSchema.parse(res.body);
    },
  };
}

/** The refusals an order request can meet, and the message each gives. */
const ORDER_REFUSALS: Array<[string, () => Record<string, unknown>, string, string?]> = [
  ['below the lot size', () => order([[minis, '5']]), 'Mini Prerolls: the minimum order is 10 units', 'items.0'],
  ['below the lot size (fractional)', () => order([[gelato, '1.999']]), 'Gelato: the minimum order is 2 lb', 'items.0'],
  ['above what is available', () => order([[gelato, '11']]), 'Gelato: only 10 lb available', 'items.0'],
  [
    'above what is available, second line',
    () =>
      order([
        [tangie, '2'],
        [gelato, '10.5'],
      ]),
    'Gelato: only 10 lb available',
    'items.1',
  ],
  ['a product not on the menu', () => order([[offMenu, '1']]), 'That product is not on this menu', 'items.0'],
  ["another seller's product", () => order([[foreign, '1']]), 'That product is not on this menu', 'items.0'],
  ['an unknown product', () => ({ ...order([]), items: [{ productId: randomUUID(), quantity: '1' }] }), 'That product is not on this menu', 'items.0'],
  ['no items', () => order([]), 'Add at least one product to the order request'],
  ['a zero quantity', () => order([[tangie, '0']]), 'Enter a quantity'],
  ['a negative quantity', () => order([[tangie, '-1']]), 'Quantity must be between'],
  ['a quantity that is not a number', () => order([[tangie, 'lots']]), 'Quantity must be a number'],
  ['too many decimals', () => order([[tangie, '1.0001']]), 'Quantity allows at most 3 decimal places'],
];

describe('a buyer writes to a seller (REST)', () => {
  it('sends a message about a menu', async () => {
    const body = message('  Do you deliver to Oakland?  ');
    const res = await send(buyer, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const inquiry = inquirySchema.parse(res.body);
    expect(inquiry).toEqual({
      id: body.id,
      buyerId: buyer.user.id,
      buyerName: 'Corner Dispensary',
      sellerId: seller.user.id,
      sellerName: 'North Star Farms',
      menuId: menu.id,
      menuName: 'Wholesale List',
      productId: null,
      kind: 'message',
      status: 'open',
      items: [],
      total: null,
      buyerReadAt: new Date(BASE).toISOString(),
      sellerReadAt: null,
      messages: [
        {
          id: body.id,
          authorId: buyer.user.id,
          authorTeamId: buyer.user.id,
          authorName: 'Bob',
          body: 'Do you deliver to Oakland?',
          createdAt: new Date(BASE).toISOString(),
          writtenAt: new Date(BASE).toISOString(),
        },
      ],
      createdAt: new Date(BASE).toISOString(),
      writtenAt: new Date(BASE).toISOString(),
      updatedAt: new Date(BASE).toISOString(),
    });
    expect((await get(buyer, body.id)).body).toEqual(inquiry);
    expect((await get(seller, body.id)).body).toEqual(inquiry);
  });

  it('sends a message about a product on the menu, and not about one off it', async () => {
    const body = message('Is the Gelato indoor?', { productId: gelato.id });
    const res = await send(buyer, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'message', productId: gelato.id, menuId: menu.id });

    for (const productId of [offMenu.id, foreign.id, randomUUID()]) {
      const refused = await send(buyer, message('About this?', { productId }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ reason: 'validation', message: 'That product is not on this menu' });
    }
  });

  it('refuses a message with no text, an unknown menu, and a seller or a guest as sender', async () => {
    for (const text of ['', '   ']) {
      const res = await send(buyer, message(text));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Write a message');
    }
    const unknown = await send(buyer, message('Hello?', { menuId: randomUUID() }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
    expect((await send(seller, message('I am a seller'))).status).toBe(403);
    expect((await t.request('POST', '/api/inquiries', { body: message('guest') })).status).toBe(401);
  });

  it.each(ORDER_REFUSALS)('refuses an order request with %s, storing nothing', async (_what, body, expected, field) => {
    const args = body();
    const res = await send(buyer, args);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.reason).toBe('validation');
    expect(res.body.message).toContain(expected);
    if (field) expect(res.body.errors?.[field]).toBe(expected);
    expect(await inquiryRows(args.id as string)).toEqual([]);
  });

  it('stores nothing on a refusal, so the same id can be sent again once corrected', async () => {
    const refused = order([[minis, '9.999']]);
    expect((await send(buyer, refused)).status).toBe(400);
    const res = await send(buyer, { ...refused, items: [{ productId: minis.id, quantity: '10' }] });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([{ productId: minis.id, strainName: 'Mini Prerolls', unitType: 'unit', quantity: '10.000', pricePerUnit: '4.00', lineTotal: '40.00' }]);
    expect(res.body.total).toBe('40.00');
  });

  it('accepts exactly the lot size and exactly what is available', async () => {
    for (const quantity of ['2', '10', '10.000']) {
      const res = await send(buyer, order([[gelato, quantity]]));
      expect(res.status, `${quantity}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });
});

describe('an order request (REST)', () => {
  let request: Inquiry;

  beforeAll(async () => {
    const res = await send(
      buyer,
      order(
        [
          [gelato, '2.5'],
          [tangie, '1.5'],
          [gummies, '1.5'],
        ],
        { message: 'Delivery Friday please' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    request = inquirySchema.parse(res.body);
  });

  it('stores its items with prices copied and exact line totals and total, rounded half up to the cent', () => {
    expect(request).toMatchObject({ kind: 'order', status: 'open', productId: null, menuName: 'Wholesale List' });
    expect(request.items).toEqual([
      { productId: gelato.id, strainName: 'Gelato', unitType: 'lb', quantity: '2.500', pricePerUnit: '1450.00', lineTotal: '3625.00' },
      // 1.15 × 1.5 = 1.725 → 1.73 (a float multiply gives 1.7249999…).
      { productId: tangie.id, strainName: 'Tangie Cart', unitType: 'oz', quantity: '1.500', pricePerUnit: '1.15', lineTotal: '1.73' },
      // 0.33 × 1.5 = 0.495 → 0.50.
      { productId: gummies.id, strainName: 'Gummies', unitType: 'oz', quantity: '1.500', pricePerUnit: '0.33', lineTotal: '0.50' },
    ]);
    expect(request.total).toBe('3627.23');
    expect(request.messages.map((m) => [m.authorId, m.body])).toEqual([[buyer.user.id, 'Delivery Friday please']]);
  });

  it('rounds a half cent up where half-to-even would not (0.05 × 2.5 = 0.125 → 0.13)', async () => {
    const nickel = await product(seller, { strainName: 'Nickel Bag', pricePerUnit: '0.05', unitType: 'g', availableQuantity: '10' });
    await t.ok('PUT', `/api/menus/${menu.id}`, seller.token, { productIds: [gelato.id, tangie.id, gummies.id, minis.id, unpriced.id, nickel.id] });
    const res = await send(buyer, order([[nickel, '2.5']]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items[0]?.lineTotal).toBe('0.13');
    expect(res.body.total).toBe('0.13');
  });

  it('has no total when a product has no price', async () => {
    const res = await send(
      buyer,
      order([
        [gelato, '2'],
        [unpriced, '1'],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.items.map((item) => [item.pricePerUnit, item.lineTotal])).toEqual([
      ['1450.00', '2900.00'],
      [null, null],
    ]);
    expect(res.body.total).toBeNull();
  });

  it("keeps its prices when the seller changes the product's price afterwards", async () => {
    await t.ok('PUT', `/api/products/${gelato.id}`, seller.token, { pricePerUnit: '1600' });
    try {
      for (const account of [buyer, seller]) {
        const res = await get(account, request.id);
        expect(res.status).toBe(200);
        expect(res.body.items).toEqual(request.items);
        expect(res.body.total).toBe('3627.23');
      }
      const fresh = await send(buyer, order([[gelato, '2.5']]));
      expect(fresh.body.items[0]).toMatchObject({ pricePerUnit: '1600.00', lineTotal: '4000.00' });
    } finally {
      await t.ok('PUT', `/api/products/${gelato.id}`, seller.token, { pricePerUnit: '1450.00' });
    }
  });

  it('the seller sees it in the inbox and in their pull, unread', async () => {
    const inbox = await list(seller);
    const mine = inbox.find((inquiry) => inquiry.id === request.id);
    expect(mine).toMatchObject({ buyerId: buyer.user.id, buyerName: 'Corner Dispensary', sellerReadAt: null, total: '3627.23' });
    expect(inbox.every((inquiry) => inquiry.sellerId === seller.user.id)).toBe(true);
    const pulled = (await device(seller).pull(0)).inquiries.find((inquiry) => inquiry.id === request.id);
    expect(pulled).toEqual(mine);
    // Newest activity first.
    const times = inbox.map((inquiry) => inquiry.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('the seller replies and accepts; the buyer sees the reply and the status in their pull', async () => {
    const phone = device(buyer);
    const before = await phone.pull(0);
    expect(before.inquiries.find((inquiry) => inquiry.id === request.id)?.status).toBe('open');

    t.clock.advance(60_000);
    const messageId = randomUUID();
    const replied = await reply(seller, request.id, '  Friday works. See you then.  ', messageId);
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);
    expect(replied.body.messages.map((m) => [m.id, m.authorId, m.body])).toEqual([
      [request.id, buyer.user.id, 'Delivery Friday please'],
      [messageId, seller.user.id, 'Friday works. See you then.'],
    ]);
    expect(replied.body.sellerReadAt).toBe(new Date(BASE + 60_000).toISOString());
    expect(replied.body.updatedAt).toBe(new Date(BASE + 60_000).toISOString());

    // The same message twice is not a second message.
    const again = await reply(seller, request.id, 'Friday works. See you then.', messageId);
    expect(again.status).toBe(409);
    expect(await messageRows(request.id)).toHaveLength(2);
    const empty = await reply(seller, request.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write a message');

    t.clock.advance(60_000);
    const accepted = await setStatus(seller, request.id, 'accepted');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', updatedAt: new Date(BASE + 120_000).toISOString() });

    const after = await phone.pull(before.cursor);
    const seen = after.inquiries.find((inquiry) => inquiry.id === request.id)!;
    expect(seen.status).toBe('accepted');
    expect(seen.messages.at(-1)).toMatchObject({ authorId: seller.user.id, body: 'Friday works. See you then.' });
    expect(seen.items).toEqual(request.items);
    // The buyer has not read the reply yet.
    expect(new Date(seen.buyerReadAt!).getTime()).toBeLessThan(new Date(seen.updatedAt).getTime());
  });

  it('a second accept or decline is 409, a buyer cannot set a status (403), an invalid status is 400', async () => {
    for (const status of ['accepted', 'declined']) {
      const res = await setStatus(seller, request.id, status);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order request was already accepted');
    }
    const byBuyer = await setStatus(buyer, request.id, 'declined');
    expect(byBuyer.status).toBe(403);
    const bad = await setStatus(seller, request.id, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Accept or decline');
    expect((await get(buyer, request.id)).body.status).toBe('accepted');
  });

  it('a decline works once on an open request', async () => {
    const other = await send(buyer, order([[tangie, '3']]));
    const declined = await setStatus(seller, other.body.id, 'declined');
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect((await setStatus(seller, other.body.id, 'accepted')).status).toBe(409);
  });

  it('a message (not an order) cannot be accepted (400)', async () => {
    const chat = await send(buyer, message('Just a question'));
    const res = await setStatus(seller, chat.body.id, 'accepted');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only an order request can be accepted or declined');
    expect((await get(seller, chat.body.id)).body.status).toBe('open');
  });

  it('the same inquiry id twice is a conflict, not a second inquiry', async () => {
    const again = await send(buyer, { ...order([[gelato, '3']]), id: request.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This message was already sent');
    const byOther = await send(otherBuyer, { ...message('Mine?'), id: request.id });
    expect(byOther.status).toBe(409);
    expect(await inquiryRows(request.id)).toHaveLength(1);
    const stored = (await get(buyer, request.id)).body;
    expect(stored.items).toEqual(request.items);
    expect(stored.buyerId).toBe(buyer.user.id);
    expect(stored.messages).toHaveLength(2);
  });

  it('an inquiry id that a reply already has is a conflict (409), not a 500, and stores nothing', async () => {
    const thread = await send(buyer, message('First'));
    expect(thread.status).toBe(201);
    const replyId = randomUUID();
    expect((await reply(buyer, thread.body.id, 'A reply', replyId)).status).toBe(201);
    const clash = await send(buyer, { ...message('Reuses the reply id'), id: replyId });
    expect(clash.status).toBe(409);
    expect(clash.body.reason).toBe('conflict');
    expect(await inquiryRows(replyId)).toHaveLength(0);
    const pushed = await device(buyer).push('inquiry.create', { ...message('By sync'), id: replyId });
    expect(pushed).toMatchObject({ outcome: 'refused', reason: 'conflict' });
  });

  it('markRead sets the reader’s read time without changing updatedAt', async () => {
    const before = (await get(buyer, request.id)).body;
    const phone = device(buyer);
    const cursor = (await phone.pull(0)).cursor;
    t.clock.advance(5 * 60_000);
    const readAt = new Date(BASE + 120_000 + 5 * 60_000).toISOString();

    expect((await markRead(buyer, request.id)).status).toBe(204);
    const afterBuyer = (await get(buyer, request.id)).body;
    expect(afterBuyer).toEqual({ ...before, buyerReadAt: readAt });
    // The buyer's other devices learn of it.
    expect((await phone.pull(cursor)).inquiries.find((inquiry) => inquiry.id === request.id)?.buyerReadAt).toBe(readAt);

    t.clock.advance(60_000);
    expect((await markRead(seller, request.id)).status).toBe(204);
    const afterSeller = (await get(seller, request.id)).body;
    expect(afterSeller).toEqual({ ...afterBuyer, sellerReadAt: new Date(BASE + 120_000 + 6 * 60_000).toISOString() });
    expect(afterSeller.updatedAt).toBe(before.updatedAt);
  });

  it('nobody but the two parties can read, list, pull, reply to, accept or mark it', async () => {
    const admin = await t.makeAdmin();
    for (const outsider of [otherBuyer, otherSeller]) {
      const res = await get(outsider, request.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Conversation not found');
      expect(JSON.stringify(res.body)).not.toContain('Delivery Friday');
      expect((await list(outsider)).map((inquiry) => inquiry.id)).not.toContain(request.id);
      expect((await device(outsider).pull(0)).inquiries.map((inquiry) => inquiry.id)).not.toContain(request.id);
      expect((await reply(outsider, request.id, 'Let me in')).status).toBe(404);
      expect((await markRead(outsider, request.id)).status).toBe(404);
    }
    // Another seller is refused as if it did not exist, before its status is even considered.
    const theirs = await setStatus(otherSeller, request.id, 'declined');
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Conversation not found');
    expect((await messageRows(request.id)).map((row) => row.body)).not.toContain('Let me in');
    expect((await get(buyer, request.id)).body.status).toBe('accepted');

    // Admins have no inbox: the routes are for the parties, and their pull carries none.
    expect((await t.request('GET', '/api/inquiries', { token: admin.token })).status).toBe(403);
    expect((await t.request('GET', `/api/inquiries/${request.id}`, { token: admin.token })).status).toBe(403);
    expect((await device(admin).pull(0)).inquiries).toEqual([]);
    // A guest gets nothing.
    expect((await t.request('GET', `/api/inquiries/${request.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/inquiries/not-a-real-id', { token: buyer.token })).status).toBe(404);
  });

  it('each party lists only their own', async () => {
    const mine = await list(buyer);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((inquiry) => inquiry.buyerId === buyer.user.id)).toBe(true);
    const nosy = await send(otherBuyer, message('My own question'));
    expect(nosy.status).toBe(201);
    expect((await list(otherBuyer)).map((inquiry) => inquiry.id)).toEqual([nosy.body.id]);
    expect((await list(buyer)).map((inquiry) => inquiry.id)).not.toContain(nosy.body.id);
    expect((await list(otherSeller)).map((inquiry) => inquiry.id)).toEqual([]);
    expect((await list(seller)).map((inquiry) => inquiry.id)).toContain(nosy.body.id);
  });
});

describe('the same through sync push', () => {
  let buyerPhone: ReturnType<typeof device>;
  let sellerPhone: ReturnType<typeof device>;

  beforeAll(() => {
    buyerPhone = device(buyer);
    sellerPhone = device(seller);
  });

  it.each(ORDER_REFUSALS)('inquiry.create is refused for %s, storing nothing', async (_what, body, expected) => {
    const args = body();
    const result = await buyerPhone.push('inquiry.create', args);
    expect(result).toMatchObject({ outcome: 'refused', reason: 'validation' });
    expect(result.message).toContain(expected);
    expect(await inquiryRows(args.id as string)).toEqual([]);
  });

  it('refuses a message with no text, one about a product off the menu, and one to an unknown menu', async () => {
    expect(await buyerPhone.push('inquiry.create', message(''))).toMatchObject({ outcome: 'refused', reason: 'validation', message: 'Write a message' });
    expect(await buyerPhone.push('inquiry.create', message('Hm?', { productId: offMenu.id }))).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'That product is not on this menu',
    });
    expect(await buyerPhone.push('inquiry.create', message('Hm?', { menuId: randomUUID() }))).toMatchObject({
      outcome: 'refused',
      reason: 'not_found',
    });
    expect(await sellerPhone.push('inquiry.create', message('Seller writing'))).toMatchObject({ outcome: 'refused', reason: 'forbidden' });
  });

  it('a message and an order request go through, the seller replies and accepts, the buyer sees it all in their pull', async () => {
    const start = await buyerPhone.pull(0);
    const chat = message('Offline question about Tangie', { productId: tangie.id });
    await buyerPhone.pushOk('inquiry.create', chat);
    const request = order([
      [gelato, '2.5'],
      [gummies, '1.5'],
    ]);
    await buyerPhone.pushOk('inquiry.create', request);

    const stored = (await get(buyer, request.id)).body;
    expect(stored.items.map((item) => [item.quantity, item.pricePerUnit, item.lineTotal])).toEqual([
      ['2.500', '1450.00', '3625.00'],
      ['1.500', '0.33', '0.50'],
    ]);
    expect(stored.total).toBe('3625.50');
    expect(stored.messages).toEqual([]);
    expect((await get(buyer, chat.id)).body).toMatchObject({ kind: 'message', productId: tangie.id, messages: [{ body: 'Offline question about Tangie' }] });

    // The same id again (a device that lost the answer and built a new mutation) is a conflict.
    const again = await buyerPhone.push('inquiry.create', { ...request, items: [{ productId: gelato.id, quantity: '5' }] });
    expect(again).toMatchObject({ outcome: 'refused', reason: 'conflict', message: 'This message was already sent' });
    expect(await inquiryRows(request.id)).toHaveLength(1);
    expect((await get(buyer, request.id)).body.total).toBe('3625.50');

    const sellerStart = await sellerPhone.pull(0);
    expect(sellerStart.inquiries.map((inquiry) => inquiry.id)).toEqual(expect.arrayContaining([chat.id, request.id]));

    t.clock.advance(60_000);
    const replyId = randomUUID();
    await sellerPhone.pushOk('inquiry.reply', { id: replyId, inquiryId: request.id, body: 'Confirmed for Friday' });
    expect(await sellerPhone.push('inquiry.reply', { id: replyId, inquiryId: request.id, body: 'Confirmed for Friday' })).toMatchObject({
      outcome: 'refused',
      reason: 'conflict',
    });
    expect(await sellerPhone.push('inquiry.reply', { id: randomUUID(), inquiryId: request.id, body: ' ' })).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'Write a message',
    });
    expect(await messageRows(request.id)).toHaveLength(1);

    await sellerPhone.pushOk('inquiry.setStatus', { id: request.id, status: 'accepted' });
    for (const status of ['accepted', 'declined']) {
      expect(await sellerPhone.push('inquiry.setStatus', { id: request.id, status })).toMatchObject({
        outcome: 'refused',
        reason: 'conflict',
        message: 'This order request was already accepted',
      });
    }
    expect(await buyerPhone.push('inquiry.setStatus', { id: request.id, status: 'declined' })).toMatchObject({ outcome: 'refused', reason: 'forbidden' });
    expect(await sellerPhone.push('inquiry.setStatus', { id: chat.id, status: 'accepted' })).toMatchObject({
      outcome: 'refused',
      reason: 'validation',
      message: 'Only an order request can be accepted or declined',
    });
    expect(await sellerPhone.push('inquiry.setStatus', { id: request.id, status: 'open' })).toMatchObject({ outcome: 'refused', reason: 'validation' });

    const pulled = await buyerPhone.pull(start.cursor);
    const seen = pulled.inquiries.find((inquiry) => inquiry.id === request.id)!;
    expect(seen.status).toBe('accepted');
    expect(seen.messages.map((m) => [m.id, m.authorId, m.body])).toEqual([[replyId, seller.user.id, 'Confirmed for Friday']]);
    expect(pulled.inquiries.find((inquiry) => inquiry.id === chat.id)?.status).toBe('open');

    // The buyer answers from their device; the seller's device pulls it.
    await buyerPhone.pushOk('inquiry.reply', { id: randomUUID(), inquiryId: chat.id, body: 'Also: lab results?' });
    const sellerNext = await sellerPhone.pull(sellerStart.cursor);
    expect(sellerNext.inquiries.find((inquiry) => inquiry.id === chat.id)?.messages.map((m) => m.body)).toEqual(['Offline question about Tangie', 'Also: lab results?']);
  });

  it('inquiry.markRead sets the reader’s read time only, without changing updatedAt', async () => {
    const request = order([[tangie, '4']]);
    await buyerPhone.pushOk('inquiry.create', request);
    const before = (await get(seller, request.id)).body;
    expect(before.sellerReadAt).toBeNull();
    const cursor = (await sellerPhone.pull(0)).cursor;

    t.clock.advance(90_000);
    await sellerPhone.pushOk('inquiry.markRead', { id: request.id });
    const after = (await get(seller, request.id)).body;
    expect(after).toEqual({ ...before, sellerReadAt: t.clock.now().toISOString() });
    expect((await sellerPhone.pull(cursor)).inquiries.find((inquiry) => inquiry.id === request.id)?.sellerReadAt).toBe(after.sellerReadAt);

    t.clock.advance(1000);
    await buyerPhone.pushOk('inquiry.markRead', { id: request.id });
    expect((await get(buyer, request.id)).body).toEqual({ ...after, buyerReadAt: t.clock.now().toISOString() });

    expect(await buyerPhone.push('inquiry.markRead', { id: 'nope' })).toMatchObject({ outcome: 'refused', reason: 'validation' });
  });

  it('outsiders are refused as not found and never receive it', async () => {
    const request = order([[gelato, '3']], { message: 'Confidential pricing' });
    await buyerPhone.pushOk('inquiry.create', request);
    const nosyBuyer = device(otherBuyer);
    const nosySeller = device(otherSeller);
    const attempts: Array<[ReturnType<typeof device>, MutationName, unknown]> = [
      [nosyBuyer, 'inquiry.reply', { id: randomUUID(), inquiryId: request.id, body: 'Let me in' }],
      [nosyBuyer, 'inquiry.markRead', { id: request.id }],
      [nosySeller, 'inquiry.reply', { id: randomUUID(), inquiryId: request.id, body: 'Let me in' }],
      [nosySeller, 'inquiry.setStatus', { id: request.id, status: 'declined' }],
      [nosySeller, 'inquiry.markRead', { id: request.id }],
    ];
    for (const [phone, name, args] of attempts) {
      expect(await phone.push(name, args), name).toMatchObject({ outcome: 'refused', reason: 'not_found', message: 'Conversation not found' });
    }
    const stored = (await get(buyer, request.id)).body;
    expect(stored).toMatchObject({ status: 'open', sellerReadAt: null });
    expect(stored.messages.map((m) => m.body)).toEqual(['Confidential pricing']);
    for (const phone of [nosyBuyer, nosySeller]) {
      const pulled = await phone.pull(0);
      expect(pulled.inquiries.map((inquiry) => inquiry.id)).not.toContain(request.id);
      expect(JSON.stringify(pulled)).not.toContain('Confidential pricing');
    }
  });
});

describe('a private-link menu takes messages and order requests only through its current link', () => {
  let privateMenu: Menu;

  beforeAll(async () => {
    privateMenu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Friends Only', isPublic: false, productIds: [tangie.id] }, 201);
  });

  const toPrivate = (link: string | undefined, extra: Record<string, unknown> = {}) =>
    message('Is this still available?', { menuId: privateMenu.id, ...(link !== undefined && { publicLinkId: link }), ...extra });

  it('accepts a message and an order request sent with the current link', async () => {
    expect((await send(buyer, toPrivate(privateMenu.publicLinkId))).status).toBe(201);
    const request = order([[tangie, '2']], { menuId: privateMenu.id, publicLinkId: privateMenu.publicLinkId });
    expect((await send(buyer, request)).status).toBe(201);
  });

  it('refuses the menu id alone, a wrong link and the link before it was regenerated, over REST and sync, storing nothing', async () => {
    const oldLink = privateMenu.publicLinkId;
    privateMenu = await t.ok<Menu>('POST', `/api/menus/${privateMenu.id}/regenerate-link`, seller.token);
    const phone = device(buyer);
    for (const link of [undefined, randomUUID(), oldLink]) {
      for (const body of [toPrivate(link), toPrivate(link, { productId: tangie.id }), order([[tangie, '2']], { menuId: privateMenu.id, publicLinkId: link })]) {
        const refused = await send(buyer, body);
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
        const pushed = { ...body, id: randomUUID() };
        expect(await phone.push('inquiry.create', pushed)).toMatchObject({ outcome: 'refused', reason: 'not_found', message: MENU_NOT_FOUND_MESSAGE });
        expect(await inquiryRows(body.id as string)).toEqual([]);
        expect(await inquiryRows(pushed.id)).toEqual([]);
      }
    }
    // A product-level question leaks nothing either: an off-menu product is refused as the menu, not as the product.
    expect((await send(buyer, toPrivate(oldLink, { productId: offMenu.id }))).body.message).toBe(MENU_NOT_FOUND_MESSAGE);
    expect((await send(buyer, toPrivate(privateMenu.publicLinkId))).status).toBe(201);
  });
});
