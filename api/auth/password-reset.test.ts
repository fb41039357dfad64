import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID_MESSAGE } from '../../sync/entities/account';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { accountTokens } from '../db/schema';
import { linkInMailTo, mailTo } from '../mail/testing/outbox-reader';
import { everyRow } from '../testing/database-tables';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { hashLinkToken } from './account-tokens';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

let client = 0;
/** Each call from its own address, so the per-client limit stays out of tests about something else. */
const fromNewClient = () => `10.0.0.${++client}`;

const askForReset = (email: string, remoteAddress = fromNewClient()) => t.request<{ message: string }>('POST', '/api/auth/forgot-password', { body: { email }, remoteAddress });
/** A request, then its answer, which the server makes off the request. */
async function forgot(email: string, remoteAddress = fromNewClient()) {
  const res = await askForReset(email, remoteAddress);
  await t.services.resetRequests.answerWaiting();
  return res;
}
const reset = (token: string, password: string) => t.request<AuthResponse & ErrorBody>('POST', '/api/auth/reset-password', { body: { token, password } });
const tokenFor = async (email: string) => (await linkInMailTo(t.services, email, '/reset-password')).searchParams.get('token')!;

/** What one request wrote: for each table it changed, how many rows it added and removed. */
async function requestWithItsWrites(email: string) {
  const before = await everyRow(t.services.db.read);
  const { status, body } = await askForReset(email);
  const after = await everyRow(t.services.db.read);
  const writes = Object.fromEntries(
    Object.keys(after).flatMap((table) => {
      const added = after[table]!.filter((row) => !before[table]!.includes(row)).length;
      const removed = before[table]!.filter((row) => !after[table]!.includes(row)).length;
      return added || removed ? [[table, { added, removed }]] : [];
    }),
  );
  return { answer: { status, body }, writes };
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an existing and an unknown address, and emails only the account holder', async () => {
    const seller = await t.registerUser('seller', { firstName: 'Sally' });
    const known = await forgot(seller.user.email.toUpperCase());
    const unknown = await forgot('nobody-here@test.example');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailTo(t.services, 'nobody-here@test.example')).toHaveLength(0);
    const [mail] = (await mailTo(t.services, seller.user.email)).filter((m) => m.kind === 'password-reset');
    expect(mail!.subject).toBe('Reset your Wholesale Menus password');
    expect(mail!.text).toContain('Hello Sally,');
    expect(mail!.text).toContain('60 minutes');
    expect(mail!.html).toContain('/reset-password?token=');
    expect(await tokenFor(seller.user.email)).toMatch(/^[\w-]{43}$/);
  });

  it('writes the same for an address with an account as for one without, and makes and mails the link only off the request', async () => {
    const seller = await t.registerUser('seller');
    const known = await requestWithItsWrites(seller.user.email);
    const unknown = await requestWithItsWrites('nobody-at-all@test.example');
    expect(known.answer).toEqual({ status: 200, body: { message: expect.any(String) } });
    expect(unknown.answer).toEqual(known.answer);
    expect(known.writes).toEqual({ password_reset_requests: { added: 1, removed: 0 }, sync_clock: { added: 1, removed: 1 } });
    expect(unknown.writes).toEqual(known.writes);
    expect(await mailTo(t.services, seller.user.email)).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'password-reset' })]));

    expect(await t.services.resetRequests.answerWaiting()).toBe(2);
    expect((await mailTo(t.services, seller.user.email)).filter((mail) => mail.kind === 'password-reset')).toHaveLength(1);
    expect(await mailTo(t.services, 'nobody-at-all@test.example')).toHaveLength(0);
    expect((await everyRow(t.services.db.read)).password_reset_requests).toEqual([]);
  });

  it('stores only a hash of the token', async () => {
    const buyer = await t.registerUser('buyer');
    await forgot(buyer.user.email);
    const token = await tokenFor(buyer.user.email);
    const stored = await t.services.db.read
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, buyer.user.id), eq(accountTokens.purpose, 'password-reset')))
      .all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('is rate-limited per address, whoever asks, and per client, whatever they ask for', async () => {
    const buyer = await t.registerUser('buyer');
    for (let i = 0; i < 3; i += 1) expect((await forgot(buyer.user.email)).status).toBe(200);
    const limited = await forgot(buyer.user.email);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many reset requests\. Please try again in \d+ minutes?\.$/);
    expect((await mailTo(t.services, buyer.user.email)).filter((m) => m.kind === 'password-reset')).toHaveLength(3);

    const address = fromNewClient();
    for (let i = 0; i < 10; i += 1) expect((await forgot(`someone-${i}@test.example`, address)).status).toBe(200);
    expect((await forgot('someone-else@test.example', address)).status).toBe(429);
    expect((await forgot('someone-else@test.example')).status).toBe(200);
  });

  it('checks the address', async () => {
    const res = await t.request<ErrorBody>('POST', '/api/auth/forgot-password', { body: { email: 'not-an-email' }, remoteAddress: fromNewClient() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session and answers a new one', async () => {
    const seller = await t.registerUser('seller');
    const other = await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: seller.user.email, password: TEST_PASSWORD } });
    await forgot(seller.user.email);
    const res = await reset(await tokenFor(seller.user.email), 'brand-new-pass');
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(seller.user.id);
    expect(res.body.user.emailConfirmedAt).not.toBeNull();
    expect((await t.request('GET', '/api/auth/me', { token: seller.token })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await t.request<User>('GET', '/api/auth/me', { token: res.body.token })).body.id).toBe(seller.user.id);
    expect((await t.request('POST', '/api/auth/login', { body: { email: seller.user.email, password: TEST_PASSWORD } })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { email: seller.user.email, password: 'brand-new-pass' } })).status).toBe(200);
  });

  it('refuses a used, an expired, an older and a forged token with the same message', async () => {
    const buyer = await t.registerUser('buyer');
    await forgot(buyer.user.email);
    const used = await tokenFor(buyer.user.email);
    expect((await reset(used, 'another-pass')).status).toBe(200);
    const again = await reset(used, 'third-pass');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_LINK_INVALID_MESSAGE);

    await forgot(buyer.user.email);
    const expired = await tokenFor(buyer.user.email);
    t.clock.advance(60 * 60 * 1000);
    expect((await reset(expired, 'another-pass')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);

    await forgot(buyer.user.email);
    const older = await tokenFor(buyer.user.email);
    t.clock.advance(60 * 60 * 1000);
    await forgot(buyer.user.email);
    const newer = await tokenFor(buyer.user.email);
    expect((await reset(older, 'another-pass')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);

    const forged = await reset(`${newer.slice(0, -3)}abc`, 'another-pass');
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: RESET_LINK_INVALID_MESSAGE, reason: 'validation' });
    expect((await t.request('POST', '/api/auth/login', { body: { email: buyer.user.email, password: 'another-pass' } })).status).toBe(200);
  });

  it('checks the new password as registration does, keeping the link usable', async () => {
    const buyer = await t.registerUser('buyer');
    await forgot(buyer.user.email);
    const token = await tokenFor(buyer.user.email);
    const short = await reset(token, '12345');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    expect((await reset(token, '')).body.message).toBe('Password is required');
    expect((await reset(token, 'long-enough')).status).toBe(200);
  });
});
