/**
 * A message or an order request carries when its author wrote it, as their
 * device stamped it (it may have waited offline), kept by the server when it
 * is believable and shown to both parties; otherwise the time it arrived.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pullResponseSchema, pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { createTestApp, type TestApp } from '../testing/test-app';

const NOW = Date.parse('2031-05-01T09:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;
let menu: Menu;

/** Sends mutations from one device and answers their outcomes. */
async function push(account: AuthResponse, mutations: Array<{ name: string; args: unknown }>): Promise<string[]> {
  const res = await t.request<PushResponse>('POST', '/api/sync/push', {
    token: account.token,
    body: { clientId: randomUUID(), mutations: mutations.map((mutation, index) => ({ seq: index + 1, ...mutation })) },
  });
  return pushResponseSchema.parse(res.body).results.map((result) => result.outcome);
}

async function pulled(account: AuthResponse, id: string): Promise<Inquiry> {
  const res = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${randomUUID()}`, { token: account.token });
  return pullResponseSchema.parse(res.body).inquiries.find((inquiry) => inquiry.id === id)!;
}

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(NOW) });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  gelato = await t.ok<Product>('POST', '/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '10' }, 201);
  menu = await t.ok<Menu>('POST', '/api/menus', seller.token, { name: 'Wholesale List', isPublic: true, productIds: [gelato.id] }, 201);
});
afterAll(() => t.close());

describe('the time a message was written', () => {
  it('a message and a reply pushed after waiting offline carry the time they were written, for both parties', async () => {
    const id = randomUUID();
    const replyId = randomUUID();
    const outcomes = await push(buyer, [
      { name: 'inquiry.create', args: { id, menuId: menu.id, kind: 'message', message: 'Is the Gelato still fresh?', writtenAt: minutesAgo(45) } },
      { name: 'inquiry.reply', args: { id: replyId, inquiryId: id, body: 'And can you deliver?', writtenAt: minutesAgo(40) } },
    ]);
    expect(outcomes).toEqual(['applied', 'applied']);
    for (const account of [buyer, seller]) {
      const inquiry = await pulled(account, id);
      expect(inquiry.writtenAt).toBe(minutesAgo(45));
      const times = new Map(inquiry.messages.map((message) => [message.id, [message.writtenAt, message.createdAt]]));
      expect(times).toEqual(
        new Map([
          [id, [minutesAgo(45), minutesAgo(0)]],
          [replyId, [minutesAgo(40), minutesAgo(0)]],
        ]),
      );
    }
  });

  it('an order request sent over REST keeps its written time too', async () => {
    const id = randomUUID();
    await t.ok('POST', '/api/inquiries', buyer.token, { id, menuId: menu.id, kind: 'order', items: [{ productId: gelato.id, quantity: '2' }], writtenAt: minutesAgo(90) }, 201);
    expect((await t.ok<Inquiry>('GET', `/api/inquiries/${id}`, seller.token)).writtenAt).toBe(minutesAgo(90));
  });

  it('takes the time it arrived for a time in the future, older than 30 days, unreadable, or not given', async () => {
    for (const writtenAt of [minutesAgo(-10), minutesAgo(31 * 24 * 60), 'last Tuesday', undefined]) {
      const id = randomUUID();
      expect(await push(buyer, [{ name: 'inquiry.create', args: { id, menuId: menu.id, kind: 'message', message: 'Hello', writtenAt } }])).toEqual(['applied']);
      const inquiry = await pulled(seller, id);
      expect([inquiry.writtenAt, inquiry.messages[0]?.writtenAt]).toEqual([minutesAgo(0), minutesAgo(0)]);
    }
  });
});
