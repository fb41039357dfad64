import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userSchema, type AuthResponse, type User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './login-throttle';

/** Exactly the public user fields: a password hash (or anything else) would fail this. */
const exactUser = z.strictObject(userSchema.shape);

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@test.example`,
  password: 'secret-pass',
  firstName: 'Nora',
  lastName: 'Lee',
  role: 'seller',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates a seller on a 14-day trial and returns a token and the user without password fields', async () => {
    const before = t.clock.now().getTime();
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', {
      body: validRegistration({ email: 'Seller.One@Test.Example' }),
    });
    const after = t.clock.now().getTime();
    expect(res.status).toBe(201);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.token.length).toBeGreaterThan(20);
    const user = exactUser.parse(res.body.user);
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('password');
    expect(user).toMatchObject({
      email: 'seller.one@test.example',
      firstName: 'Nora',
      lastName: 'Lee',
      role: 'seller',
      subscriptionStatus: 'trial',
      disabled: false,
    });
    const trialEnds = new Date(user.trialEndsAt!).getTime();
    expect(trialEnds).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(trialEnds).toBeLessThanOrEqual(after + 14 * DAY_MS);

    const me = await t.request<User>('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('creates a buyer without a trial end', async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', {
      body: validRegistration({ role: 'buyer', lastName: undefined }),
    });
    expect(res.status).toBe(201);
    const user = exactUser.parse(res.body.user);
    expect(user.role).toBe('buyer');
    expect(user.lastName).toBeNull();
    expect(user.trialEndsAt).toBeNull();
  });

  it("keeps a buyer's business name and licence number when given, which invoices print", async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/register', {
      body: validRegistration({ role: 'buyer', companyName: ' Green Door ', licenseNumber: 'C10-0000456-LIC' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'buyer', companyName: 'Green Door', licenseNumber: 'C10-0000456-LIC' });
    const blank = await t.request<AuthResponse>('POST', '/api/auth/register', { body: validRegistration({ role: 'buyer', companyName: '', licenseNumber: '' }) });
    expect(blank.status).toBe(201);
    expect(blank.body.user).toMatchObject({ companyName: null, licenseNumber: null });
  });

  it('checks the sign-up rules in the order the specification gives', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '', password: '', firstName: '' }, 'Email is required', 'email'],
      [{ email: undefined, password: undefined, firstName: undefined }, 'Email is required', 'email'],
      [{ password: '', firstName: '' }, 'Password is required', 'password'],
      [{ password: undefined, firstName: undefined }, 'Password is required', 'password'],
      [{ password: 'abc', firstName: '' }, 'First name is required', 'firstName'],
      [{ password: 'abc', firstName: '   ' }, 'First name is required', 'firstName'],
      [{ password: 'abc' }, 'Password must be at least 6 characters', 'password'],
      [{ password: '12345' }, 'Password must be at least 6 characters', 'password'],
    ];
    for (const [overrides, message, field] of cases) {
      const res = await t.request<ErrorBody>('POST', '/api/auth/register', { body: validRegistration(overrides) });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.reason).toBe('validation');
      expect(res.body.errors?.[field]).toBe(message);
    }
  });

  it('accepts a password of exactly 6 characters', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: validRegistration({ password: '123456' }) });
    expect(res.status).toBe(201);
  });

  it('refuses the admin role and unknown roles', async () => {
    for (const role of ['admin', 'superuser', undefined]) {
      const email = `role-${String(role)}@test.example`;
      const res = await t.request<ErrorBody>('POST', '/api/auth/register', { body: validRegistration({ role, email }) });
      expect(res.status).toBe(400);
      expect(res.body.errors?.role).toBe('Choose seller or buyer');
      const login = await t.request('POST', '/api/auth/login', { body: { email, password: 'secret-pass' } });
      expect(login.status).toBe(401);
    }
  });

  it('refuses an email that an account confirmed, case-insensitively', async () => {
    const first = await t.request<AuthResponse>('POST', '/api/auth/register', { body: validRegistration({ email: 'dup@test.example' }) });
    await t.confirmEmail(first.body);
    const res = await t.request<ErrorBody>('POST', '/api/auth/register', {
      body: validRegistration({ email: 'DUP@Test.Example', role: 'buyer' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.request<ErrorBody>('POST', '/api/auth/register', { body: '{"email": "a@b.co",' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.message).toBe('The request body must be valid JSON');
    const login = await t.request<ErrorBody>('POST', '/api/auth/login', { body: 'not json at all' });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('The request body must be valid JSON');
  });

  it('answers a non-object JSON body with 400', async () => {
    for (const body of ['null', '[]', '"text"', '42']) {
      const res = await t.request<ErrorBody>('POST', '/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses a body over 1MB with 413', async () => {
    const huge = JSON.stringify(validRegistration({ lastName: 'x'.repeat(1024 * 1024 + 10) }));
    const res = await t.request<ErrorBody>('POST', '/api/auth/register', { body: huge });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: 'The request is too large', reason: 'payload_too_large' });
  });
});

describe('POST /api/auth/login', () => {
  let existing: AuthResponse;
  beforeAll(async () => {
    existing = await t.registerUser('buyer', { email: 'login.user@test.example' });
  });

  it('signs in with the right password, whatever the email case', async () => {
    const res = await t.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: ' Login.User@TEST.example ', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(exactUser.parse(res.body.user).id).toBe(existing.user.id);
    expect(res.body.token).not.toBe(existing.token);
    const me = await t.request<User>('GET', '/api/auth/me', { token: res.body.token });
    expect(me.body.email).toBe('login.user@test.example');
  });

  it('refuses a wrong password or an unknown email with the same 401', async () => {
    const wrong = await t.request<ErrorBody>('POST', '/api/auth/login', {
      body: { email: 'login.user@test.example', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const unknown = await t.request<ErrorBody>('POST', '/api/auth/login', {
      body: { email: 'nobody@test.example', password: 'whatever' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password');
  });

  it('checks email then password', async () => {
    const noEmail = await t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: '', password: '' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Email is required');
    const noPassword = await t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: 'a@b.co' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Password is required');
  });
});

describe('sign-in throttle', () => {
  const limits = { ...DEFAULT_THROTTLE_LIMITS, perPair: 3, windowMs: 60_000, accountBackoffAfter: 6 };
  const signIn = (app: TestApp, email: string, password: string, remoteAddress: string) =>
    app.request<ErrorBody>('POST', '/api/auth/login', { body: { email, password }, remoteAddress });

  it('makes the guessing address wait, with Retry-After, even with the right password; the owner elsewhere signs in', async () => {
    const throttled = createTestApp({ throttle: new LoginThrottle(limits) });
    try {
      const { user } = await throttled.registerUser('seller');
      for (let i = 0; i < 3; i++) expect((await signIn(throttled, user.email, 'wrong-password', '198.51.100.66')).status).toBe(401);
      const blocked = await signIn(throttled, user.email, TEST_PASSWORD, '198.51.100.66');
      expect(blocked.status).toBe(429);
      expect(blocked.body.reason).toBe('rate_limited');
      expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
      expect(Number(blocked.headers.get('retry-after'))).toBe(60);
      // The account's owner, from their own address, is not locked out by the attacker.
      expect((await signIn(throttled, user.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(200);
      // Another account from the attacker's address is not affected either.
      const other = await throttled.registerUser('buyer');
      expect((await signIn(throttled, other.user.email, TEST_PASSWORD, '198.51.100.66')).status).toBe(200);
    } finally {
      throttled.close();
    }
  });

  it('slows many addresses guessing one account with a short back-off, never a lock, and spares an address that signed in before', async () => {
    const throttled = createTestApp({ throttle: new LoginThrottle(limits) });
    try {
      const { user } = await throttled.registerUser('buyer');
      expect((await signIn(throttled, user.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(200);
      for (let i = 0; i < 6; i++) expect((await signIn(throttled, user.email, 'wrong-password', `192.0.2.${i}`)).status).toBe(401);
      const slowed = await signIn(throttled, user.email, TEST_PASSWORD, '192.0.2.200');
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(1);
      expect((await signIn(throttled, user.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(200);
    } finally {
      throttled.close();
    }
  });

  it('behind a proxy, an X-Forwarded-For entry the client wrote does not get it a fresh address', async () => {
    const behindProxy = createTestApp({ throttle: new LoginThrottle(limits), env: { TRUST_PROXY: '1' } });
    try {
      const { user } = await behindProxy.registerUser('buyer');
      const attempt = (spoofed: string, password = 'wrong-password') =>
        behindProxy.request<ErrorBody>('POST', '/api/auth/login', {
          body: { email: user.email, password },
          headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.66` },
          remoteAddress: '10.0.0.2',
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`192.0.2.${i}`)).status).toBe(401);
      expect((await attempt('192.0.2.99')).status).toBe(429);
    } finally {
      behindProxy.close();
    }
  });
});

describe('GET /api/auth/me and /api/auth/user', () => {
  it('returns the signed-in user, and 401 without a token', async () => {
    const { token, user } = await t.registerUser('seller');
    for (const path of ['/api/auth/me', '/api/auth/user']) {
      const res = await t.request<User>('GET', path, { token });
      expect(res.status).toBe(200);
      expect(exactUser.parse(res.body)).toEqual(user);
      const anonymous = await t.request<ErrorBody>('GET', path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toContain('Unauthorized');
      const garbage = await t.request('GET', path, { token: 'not-a-real-token' });
      expect(garbage.status).toBe(401);
    }
  });

  it('refuses a session once the server’s clock is past its expiry, 30 days on', async () => {
    const local = createTestApp();
    try {
      const { token } = await local.registerUser('buyer');
      local.clock.advance(29 * DAY_MS);
      expect((await local.request('GET', '/api/auth/me', { token })).status).toBe(200);
      local.clock.advance(2 * DAY_MS);
      expect((await local.request('GET', '/api/auth/me', { token })).status).toBe(401);
    } finally {
      local.close();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the same token is then refused', async () => {
    const { user } = await t.registerUser('buyer');
    const first = await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    const second = await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    const out = await t.request('POST', '/api/auth/logout', { token: first.body.token });
    expect(out.status).toBe(204);
    expect((await t.request('GET', '/api/auth/me', { token: first.body.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/logout', { token: first.body.token })).status).toBe(401);
    // Other sessions of the same user stay signed in.
    expect((await t.request('GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);
  });
});

describe('a session answered from what the server keeps', () => {
  it('is refused on the very next request once it ends, through whichever way it ends', async () => {
    const { user, token } = await t.registerUser('buyer');
    const signIn = async () => (await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).body.token;
    const me = async (kept: string) => (await t.request('GET', '/api/auth/me', { token: kept })).status;

    // A password changed on another device ends this one's session.
    const other = await signIn();
    expect([await me(other), await me(other)]).toEqual([200, 200]);
    const changed = await t.request('POST', '/api/account/password', { token, body: { currentPassword: TEST_PASSWORD, newPassword: 'another-pass-1' } });
    expect(changed.status).toBe(204);
    expect(await me(other)).toBe(401);
    expect(await me(token)).toBe(200);

    // An account disabled by an admin ends every session.
    const admin = await t.makeAdmin();
    expect([await me(token), await me(token)]).toEqual([200, 200]);
    expect((await t.request('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect(await me(token)).toBe(401);
  });
});

describe('PUT /api/auth/user', () => {
  it('updates the given fields and leaves the rest', async () => {
    const { token, user } = await t.registerUser('seller', { lastName: 'Original' });
    const res = await t.request<User>('PUT', '/api/auth/user', {
      token,
      body: { firstName: 'Renamed', businessName: 'Green Acres', phoneNumber: '555-0100', city: 'Lansing', zipCode: '' },
    });
    expect(res.status).toBe(200);
    expect(exactUser.parse(res.body)).toMatchObject({
      id: user.id,
      firstName: 'Renamed',
      lastName: 'Original',
      businessName: 'Green Acres',
      phoneNumber: '555-0100',
      city: 'Lansing',
      zipCode: null,
      email: user.email,
      role: 'seller',
    });
    const me = await t.request<User>('GET', '/api/auth/me', { token });
    expect(me.body.businessName).toBe('Green Acres');
  });

  it('lets a buyer become a seller, starting the trial', async () => {
    const { token, user } = await t.registerUser('buyer');
    expect(user.trialEndsAt).toBeNull();
    const res = await t.request<User>('PUT', '/api/auth/user', { token, body: { role: 'seller' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('seller');
    expect(new Date(res.body.trialEndsAt!).getTime()).toBeGreaterThan(t.clock.now().getTime() + 13 * DAY_MS);
    const products = await t.request('GET', '/api/products', { token });
    expect(products.status).toBe(200);
  });

  it('refuses making yourself an admin with 403, and the role stays', async () => {
    const { token } = await t.registerUser('buyer');
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { role: 'admin', firstName: 'Sneaky' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot make yourself an admin');
    const me = await t.request<User>('GET', '/api/auth/me', { token });
    expect(me.body.role).toBe('buyer');
    expect(me.body.firstName).toBe('Bob');
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(403);
  });

  it('refuses an email that another account has confirmed, case-insensitively', async () => {
    const other = await t.registerUser('seller');
    await t.confirmEmail(other);
    const { token, user } = await t.registerUser('buyer');
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { email: other.user.email.toUpperCase(), currentPassword: TEST_PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
    const same = await t.request<User>('PUT', '/api/auth/user', { token, body: { email: user.email.toUpperCase() } });
    expect(same.status).toBe(200);
    expect(same.body.email).toBe(user.email);
  });

  it('refuses an invalid field with 400', async () => {
    const { token } = await t.registerUser('buyer');
    const res = await t.request<ErrorBody>('PUT', '/api/auth/user', { token, body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });
});

describe('disabled accounts', () => {
  it('lose their sessions at once and cannot sign in', async () => {
    const admin = await t.makeAdmin();
    const { token, user } = await t.registerUser('seller');
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);

    const disable = await t.request<User>('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { disabled: true } });
    expect(disable.status).toBe(200);
    expect(disable.body.disabled).toBe(true);

    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await t.request('GET', '/api/products', { token })).status).toBe(401);
    const login = await t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('This account has been disabled. Please contact support.');

    const enable = await t.request<User>('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { disabled: false } });
    expect(enable.body.disabled).toBe(false);
    const again = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(200);
    // The old token stays dead: disabling ended its session.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});
