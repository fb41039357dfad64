import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../sync/contract/errors';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
beforeEach(() => {
  // A still clock: the hour's wait is then exactly an hour, however slowly the registrations' hashing runs.
  const startedAt = new Date();
  t = createTestApp({ env: { REGISTRATIONS_PER_HOUR: '3' }, now: () => startedAt });
});
afterEach(() => t.close());

let counter = 0;
const registerFrom = (remoteAddress: string) =>
  t.request<ErrorBody>('POST', '/api/auth/register', {
    body: { email: `quota-${++counter}@test.example`, password: TEST_PASSWORD, firstName: 'Quinn', role: 'buyer' },
    remoteAddress,
  });

describe('registration quota per address', () => {
  it('refuses the registration over the limit with 429, Retry-After and how long to wait, and creates no account', async () => {
    for (let i = 0; i < 3; i++) expect((await registerFrom('198.51.100.7')).status).toBe(201);
    const refused = await registerFrom('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ reason: 'rate_limited', message: 'Too many accounts were registered from this address. Please try again in 60 minutes.' });
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    const signIn = await t.request('POST', '/api/auth/login', { body: { email: `quota-${counter}@test.example`, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(401);
  });

  it('leaves other addresses alone', async () => {
    for (let i = 0; i < 3; i++) await registerFrom('198.51.100.7');
    expect((await registerFrom('198.51.100.7')).status).toBe(429);
    expect((await registerFrom('203.0.113.9')).status).toBe(201);
  });

  it('counts the addresses of one IPv6 /64 as one client, and an IPv4 client whichever way its socket wrote it', async () => {
    for (let i = 1; i <= 3; i++) expect((await registerFrom(`2001:db8:a:b::${i}`)).status).toBe(201);
    expect((await registerFrom('2001:db8:a:b:ffff:1:2:3')).status).toBe(429);
    expect((await registerFrom('2001:db8:a:c::1')).status).toBe(201);
    for (let i = 0; i < 3; i++) await registerFrom('192.0.2.44');
    expect((await registerFrom('::ffff:192.0.2.44')).status).toBe(429);
  });

  it('allows the address again once the hour has passed', async () => {
    for (let i = 0; i < 3; i++) await registerFrom('198.51.100.7');
    t.clock.advance(HOUR_MS - 1_000);
    const stillRefused = await registerFrom('198.51.100.7');
    expect(stillRefused.status).toBe(429);
    expect(Number(stillRefused.headers.get('retry-after'))).toBe(1);
    t.clock.advance(1_000);
    expect((await registerFrom('198.51.100.7')).status).toBe(201);
  });
});
