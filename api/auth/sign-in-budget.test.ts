import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './login-throttle';

/** A budget of 4 failures an hour per address, then 1 s doubling up to 8 s; the per-pair and per-account limits out of the way. */
const limits = { ...DEFAULT_THROTTLE_LIMITS, perPair: 100, accountBackoffAfter: 100, perAddress: 4, addressBackoffBaseMs: 1_000, addressBackoffMaxMs: 8_000 };

let t: TestApp;
let nowMs: number;
beforeEach(() => {
  nowMs = Date.now();
  t = createTestApp({ throttle: new LoginThrottle(limits, () => nowMs) });
});
afterEach(() => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.request<ErrorBody & AuthResponse>('POST', '/api/auth/login', { body: { email, password }, remoteAddress });
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

describe('failed sign-ins per address', () => {
  it('slows an address that fails on many accounts with a Retry-After that grows and stops growing, even for the right password', async () => {
    const { user } = await t.registerUser('buyer');
    for (let i = 0; i < 4; i++) expect((await signIn(`guess-${i}@test.example`, 'wrong-password', '198.51.100.66')).status).toBe(401);
    const slowed = await signIn(user.email, TEST_PASSWORD, '198.51.100.66');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ reason: 'rate_limited', message: 'Too many failed sign-in attempts. Please try again in 1 second.' });
    expect(retryAfter(slowed)).toBe(1);

    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      nowMs += retryAfter(await signIn(user.email, TEST_PASSWORD, '198.51.100.66')) * 1000;
      expect((await signIn(`more-${i}@test.example`, 'wrong-password', '198.51.100.66')).status).toBe(401);
      waits.push(retryAfter(await signIn(user.email, TEST_PASSWORD, '198.51.100.66')));
    }
    expect(waits).toEqual([2, 4, 8, 8, 8]);

    // Never a lock: once the wait is served, the right password signs in.
    nowMs += 8_000;
    const signedIn = await signIn(user.email, TEST_PASSWORD, '198.51.100.66');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
  });

  it('leaves another address alone', async () => {
    const { user } = await t.registerUser('seller');
    for (let i = 0; i < 4; i++) await signIn(`guess-${i}@test.example`, 'wrong-password', '198.51.100.66');
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.66')).status).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(200);
  });

  it('lets an account that signed in from the address before through while the address is slowed', async () => {
    const { user } = await t.registerUser('buyer');
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.66')).status).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(`guess-${i}@test.example`, 'wrong-password', '198.51.100.66');
    expect((await signIn('someone-else@test.example', 'wrong-password', '198.51.100.66')).status).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.66')).status).toBe(200);
  });

  it('counts two addresses of one IPv6 /64 against one budget, and another /64 against its own', async () => {
    const { user } = await t.registerUser('buyer');
    for (let i = 0; i < 4; i++) await signIn(`guess-${i}@test.example`, 'wrong-password', `2001:db8:1:2::${i + 1}`);
    const sameNetwork = await signIn(user.email, TEST_PASSWORD, '2001:db8:1:2:ffff::abcd');
    expect(sameNetwork.status).toBe(429);
    expect(retryAfter(sameNetwork)).toBe(1);
    expect((await signIn(user.email, TEST_PASSWORD, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('behind a proxy, counts the /64 of the address the proxy saw', async () => {
    const behindProxy = createTestApp({ throttle: new LoginThrottle(limits, () => nowMs), env: { TRUST_PROXY: '1' } });
    try {
      const { user } = await behindProxy.registerUser('buyer');
      const from = (client: string, email: string, password: string) =>
        behindProxy.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': client }, remoteAddress: '10.0.0.2' });
      for (let i = 0; i < 4; i++) expect((await from(`2001:db8:7:7::${i + 1}`, `guess-${i}@test.example`, 'wrong-password')).status).toBe(401);
      expect((await from('2001:db8:7:7::99', user.email, TEST_PASSWORD)).status).toBe(429);
      expect((await from('2001:db8:7:8::1', user.email, TEST_PASSWORD)).status).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});
