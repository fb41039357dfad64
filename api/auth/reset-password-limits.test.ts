import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID_MESSAGE } from '../../sync/entities/account';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import type * as passwords from './password';
import { hashPassword } from './password';

// The real hasher, watched: how many Argon2 hashes a request cost.
vi.mock('./password', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
beforeEach(() => {
  // A still clock: the hour's wait is then exactly an hour, however slowly the requests run.
  const startedAt = new Date();
  t = createTestApp({ now: () => startedAt });
});
afterEach(() => t.close());

let client = 0;
const fromNewClient = () => `10.1.0.${++client}`;

const reset = (token: string, password: string, remoteAddress = fromNewClient()) =>
  t.request<AuthResponse & ErrorBody>('POST', '/api/auth/reset-password', { body: { token, password }, remoteAddress });
const signIn = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password }, remoteAddress: fromNewClient() });

async function resetLinkFor(email: string): Promise<string> {
  expect((await t.request('POST', '/api/auth/forgot-password', { body: { email }, remoteAddress: fromNewClient() })).status).toBe(200);
  await t.services.resetRequests.answerWaiting();
  return (await linkInMailTo(t.services, email, '/reset-password')).searchParams.get('token')!;
}

describe('reset-password checks the link before hashing the new password', () => {
  it('answers a forged, a used and an expired link without an Argon2 hash, and hashes once for a good one', async () => {
    const { user } = await t.registerUser('buyer');
    const used = await resetLinkFor(user.email);
    vi.mocked(hashPassword).mockClear();

    const forged = await reset('x'.repeat(43), 'new-password-1');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(hashPassword).not.toHaveBeenCalled();

    expect((await reset(used, 'new-password-1')).status).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
    expect((await reset(used, 'new-password-2')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(hashPassword).toHaveBeenCalledTimes(1);

    const expired = await resetLinkFor(user.email);
    t.clock.advance(HOUR_MS);
    vi.mocked(hashPassword).mockClear();
    expect((await reset(expired, 'new-password-3')).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(hashPassword).not.toHaveBeenCalled();
    expect((await signIn(user.email, 'new-password-1')).status).toBe(200);
  });
});

describe('reset-password quota per client', () => {
  it('refuses the attempt over the quota with 429 and Retry-After, and sets no password', async () => {
    const { user } = await t.registerUser('seller');
    const token = await resetLinkFor(user.email);
    for (let i = 0; i < 10; i++) expect((await reset(`guess-${i}`.padEnd(43, 'x'), 'new-password', '198.51.100.20')).status).toBe(400);
    const refused = await reset(token, 'new-password', '198.51.100.20');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ reason: 'rate_limited', message: 'Too many password reset attempts. Please try again in 60 minutes.' });
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, 'new-password')).status).toBe(401);

    // Another client is not held back, and the link still works there.
    expect((await reset(token, 'new-password', '203.0.113.30')).status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const { user } = await t.registerUser('buyer');
    const token = await resetLinkFor(user.email);
    for (let i = 0; i < 10; i++) await reset(`guess-${i}`.padEnd(43, 'x'), 'new-password', `2001:db8:5:6::${i + 1}`);
    expect((await reset(token, 'new-password', '2001:db8:5:6:1234::1')).status).toBe(429);
    expect((await reset(token, 'new-password', '2001:db8:5:7::1')).status).toBe(200);
  });

  it('opens again once the hour has passed', async () => {
    const { user } = await t.registerUser('buyer');
    for (let i = 0; i < 10; i++) await reset(`guess-${i}`.padEnd(43, 'x'), 'new-password', '198.51.100.21');
    t.clock.advance(HOUR_MS);
    const token = await resetLinkFor(user.email);
    expect((await reset(token, 'new-password', '198.51.100.21')).status).toBe(200);
  });
});
