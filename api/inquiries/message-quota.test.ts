/**
 * The message quota: per account per minute and per day, and per pair of
 * parties per hour, over REST and over a sync push, where a push crossing it
 * keeps what came before and loses nothing after.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/entities/inquiry';
import type { Menu } from '../../sync/entities/menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { MutationName } from '../../sync/contract/mutations';
import { pushResponseSchema, type PullResponse, type PushResponse } from '../../sync/contract/protocol';
import { inquiries, inquiryMessages, savedMenus } from '../db/schema';
import { MESSAGES_PER_DAY, MESSAGES_PER_MINUTE, MESSAGES_PER_PAIR_PER_HOUR } from '../limits/quotas';
import { createTestApp, type TestApp } from '../testing/test-app';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TOO_MANY = /^You have sent too many messages\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/;

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;
let otherBuyer: AuthResponse;
let menu: Menu;
let otherMenu: Menu;

async function publicMenu(owner: AuthResponse): Promise<Menu> {
  const product = await t.request<{ id: string }>('POST', '/api/products', { token: owner.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '100' } });
  return (await t.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'List', isPublic: true, productIds: [product.body.id] } })).body;
}

beforeEach(async () => {
  t = createTestApp({ now: () => new Date('2031-05-01T09:00:00.000Z') });
  seller = await t.registerUser('seller');
  otherSeller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer');
  otherBuyer = await t.registerUser('buyer');
  menu = await publicMenu(seller);
  otherMenu = await publicMenu(otherSeller);
});
afterEach(() => t.close());

const inquiryArgs = (to: Menu = menu) => ({ id: randomUUID(), menuId: to.id, kind: 'message', message: 'Is this in stock?' });
const send = (account: AuthResponse, to: Menu = menu) => t.request<Inquiry & ErrorBody>('POST', '/api/inquiries', { token: account.token, body: inquiryArgs(to) });
const reply = (account: AuthResponse, inquiryId: string) =>
  t.request<Inquiry & ErrorBody>('POST', `/api/inquiries/${inquiryId}/messages`, { token: account.token, body: { id: randomUUID(), body: 'Thanks' } });
const inquiryCountOf = async (buyerId: string) => (await t.services.db.read.select().from(inquiries).where(eq(inquiries.buyerId, buyerId)).all()).length;
const messageCountIn = async (inquiryId: string) => (await t.services.db.read.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryId, inquiryId)).all()).length;

async function sendMany(account: AuthResponse, count: number, to: Menu = menu): Promise<void> {
  for (let i = 0; i < count; i++) expect((await send(account, to)).status).toBe(201);
}

function expectOverQuota(res: { status: number; body: ErrorBody; headers: Headers }, retryAfterSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body.reason).toBe('rate_limited');
  expect(res.body.message).toMatch(TOO_MANY);
  expect(Number(res.headers.get('retry-after'))).toBe(retryAfterSeconds);
}

describe('message quota over REST', () => {
  it('refuses the inquiry over the per-minute quota with 429, Retry-After and the wait, storing nothing', async () => {
    await sendMany(buyer, MESSAGES_PER_MINUTE);
    const refused = await send(buyer);
    expectOverQuota(refused, 60);
    expect(refused.body.message).toBe('You have sent too many messages. Please try again in 1 minute.');
    expect(await inquiryCountOf(buyer.user.id)).toBe(MESSAGES_PER_MINUTE);
  });

  it('counts replies with inquiries, and refuses a reply over the quota without storing it', async () => {
    const first = await send(buyer);
    await sendMany(buyer, MESSAGES_PER_MINUTE - 2);
    expect((await reply(buyer, first.body.id)).status).toBe(201);
    const before = await messageCountIn(first.body.id);
    expectOverQuota(await reply(buyer, first.body.id), 60);
    expect(await messageCountIn(first.body.id)).toBe(before);
    // The seller's own quota is untouched: they still answer.
    expect((await reply(seller, first.body.id)).status).toBe(201);
  });

  it('leaves other accounts alone', async () => {
    await sendMany(buyer, MESSAGES_PER_MINUTE);
    expect((await send(buyer)).status).toBe(429);
    expect((await send(otherBuyer)).status).toBe(201);
  });

  it('allows the account again once the minute has passed', async () => {
    await sendMany(buyer, MESSAGES_PER_MINUTE);
    t.clock.advance(MINUTE_MS - 1_000);
    expectOverQuota(await send(buyer), 1);
    t.clock.advance(1_000);
    expect((await send(buyer)).status).toBe(201);
  });

  it('limits one pair of parties per hour, and not the buyer towards another seller', async () => {
    for (let sent = 0; sent < MESSAGES_PER_PAIR_PER_HOUR; sent += MESSAGES_PER_MINUTE) {
      await sendMany(buyer, MESSAGES_PER_MINUTE);
      t.clock.advance(MINUTE_MS);
    }
    const elapsed = (MESSAGES_PER_PAIR_PER_HOUR / MESSAGES_PER_MINUTE) * MINUTE_MS;
    expectOverQuota(await send(buyer), (HOUR_MS - elapsed) / 1000);
    expect((await send(buyer, otherMenu)).status).toBe(201);
    t.clock.advance(HOUR_MS - elapsed);
    expect((await send(buyer)).status).toBe(201);
  });

  it('limits an account per day', async () => {
    // Spread over hours, and over two sellers, so neither the minute nor the pair quota is what stops it.
    const perHour = MESSAGES_PER_MINUTE;
    for (let sent = 0; sent < MESSAGES_PER_DAY; sent += perHour) {
      await sendMany(buyer, perHour / 2, menu);
      await sendMany(buyer, perHour / 2, otherMenu);
      t.clock.advance(HOUR_MS);
    }
    const hoursSpent = MESSAGES_PER_DAY / perHour;
    const refused = await send(buyer);
    expectOverQuota(refused, (24 - hoursSpent) * 3600);
    expect(refused.body.message).toBe(`You have sent too many messages. Please try again in ${24 - hoursSpent} hours.`);
    expect((await send(otherBuyer)).status).toBe(201);
    t.clock.advance((24 - hoursSpent) * HOUR_MS);
    expect((await send(buyer)).status).toBe(201);
  });
});

describe('message quota in a sync push', () => {
  type Pushed = { seq: number; name: MutationName; args: unknown };
  const pushFrom = (account: AuthResponse, clientId: string, mutations: Pushed[]) =>
    t.request<PushResponse & ErrorBody>('POST', '/api/sync/push', { token: account.token, body: { clientId, mutations } });
  const savedMenuCountOf = async (buyerId: string) => (await t.services.db.read.select().from(savedMenus).where(eq(savedMenus.buyerUserId, buyerId)).all()).length;

  it('stops before the mutation over the quota, keeps what came before, answers 429, and a retry after the wait applies the rest once', async () => {
    const clientId = randomUUID();
    const first = inquiryArgs();
    const batch: Pushed[] = [
      { seq: 1, name: 'inquiry.create', args: first },
      ...Array.from({ length: MESSAGES_PER_MINUTE - 2 }, (_, i) => ({ seq: i + 2, name: 'inquiry.create' as const, args: inquiryArgs() })),
      { seq: MESSAGES_PER_MINUTE, name: 'inquiry.reply', args: { id: randomUUID(), inquiryId: first.id, body: 'One more thing' } },
      // Over the quota from here on.
      { seq: MESSAGES_PER_MINUTE + 1, name: 'inquiry.reply', args: { id: randomUUID(), inquiryId: first.id, body: 'And another' } },
      { seq: MESSAGES_PER_MINUTE + 2, name: 'savedMenu.save', args: { id: randomUUID(), menuId: menu.id } },
      { seq: MESSAGES_PER_MINUTE + 3, name: 'inquiry.create', args: inquiryArgs() },
    ];

    const limited = await pushFrom(buyer, clientId, batch);
    expectOverQuota(limited, 60);
    expect(await inquiryCountOf(buyer.user.id)).toBe(MESSAGES_PER_MINUTE - 1);
    expect(await messageCountIn(first.id)).toBe(2);
    // What follows the mutation over the quota waits too, whatever it is.
    expect(await savedMenuCountOf(buyer.user.id)).toBe(0);
    const pulled = await t.request<PullResponse>('GET', `/api/sync/pull?cursor=0&clientId=${clientId}`, { token: buyer.token });
    expect(pulled.body.lastProcessedSeq).toBe(MESSAGES_PER_MINUTE);

    t.clock.advance(MINUTE_MS);
    const retried = await pushFrom(buyer, clientId, batch);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const response = pushResponseSchema.parse(retried.body);
    expect(response.lastProcessedSeq).toBe(MESSAGES_PER_MINUTE + 3);
    expect(response.results.filter((result) => result.outcome === 'duplicate').map((result) => result.seq)).toEqual(Array.from({ length: MESSAGES_PER_MINUTE }, (_, i) => i + 1));
    expect(response.results.slice(MESSAGES_PER_MINUTE)).toEqual([
      { seq: MESSAGES_PER_MINUTE + 1, outcome: 'applied' },
      { seq: MESSAGES_PER_MINUTE + 2, outcome: 'applied' },
      { seq: MESSAGES_PER_MINUTE + 3, outcome: 'applied' },
    ]);
    expect(await inquiryCountOf(buyer.user.id)).toBe(MESSAGES_PER_MINUTE);
    expect(await messageCountIn(first.id)).toBe(3);
    expect(await savedMenuCountOf(buyer.user.id)).toBe(1);
  });

  it('counts REST and push sends against one quota, and leaves another account pushing alone', async () => {
    await sendMany(buyer, MESSAGES_PER_MINUTE);
    const limited = await pushFrom(buyer, randomUUID(), [{ seq: 1, name: 'inquiry.create', args: inquiryArgs() }]);
    expectOverQuota(limited, 60);
    const other = await pushFrom(otherBuyer, randomUUID(), [{ seq: 1, name: 'inquiry.create', args: inquiryArgs() }]);
    expect(other.status).toBe(200);
    expect(pushResponseSchema.parse(other.body).results).toEqual([{ seq: 1, outcome: 'applied' }]);
  });
});
