import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AdminStats } from '../../sync/entities/admin';
import { userSchema, type AuthResponse, type User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { updateUser } from '../db/repositories/users';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';

const exactUser = z.strictObject(userSchema.shape);

describe('GET /api/admin/stats', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  const stats = async (token: string) => {
    const res = await t.request<AdminStats>('GET', '/api/admin/stats', { token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('counts customers, not admins; trials that last; sign-ups this month', async () => {
    const admin = await t.makeAdmin();
    await t.makeAdmin();
    expect(await stats(admin.token)).toEqual({ totalUsers: 0, activeSellers: 0, trialUsers: 0, monthlySignups: 0 });

    const paying = await t.registerUser('seller');
    await t.registerUser('seller');
    await t.registerUser('buyer');
    expect(await stats(admin.token)).toEqual({ totalUsers: 3, activeSellers: 0, trialUsers: 2, monthlySignups: 3 });

    await t.services.db.transaction((tx) => updateUser(tx.db, paying.user.id, { subscriptionStatus: 'active' }, tx.version, t.clock.now()));
    expect(await stats(admin.token)).toEqual({ totalUsers: 3, activeSellers: 1, trialUsers: 1, monthlySignups: 3 });

    // 40 days on: a later month, and the remaining trial has ended.
    t.clock.advance(40 * DAY_MS);
    const later = await t.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: admin.user.email, password: TEST_PASSWORD },
    });
    expect(later.status).toBe(200);
    expect(await stats(later.body.token)).toEqual({ totalUsers: 3, activeSellers: 1, trialUsers: 0, monthlySignups: 0 });

    await t.registerUser('seller');
    await t.registerUser('buyer');
    expect(await stats(later.body.token)).toEqual({ totalUsers: 5, activeSellers: 1, trialUsers: 1, monthlySignups: 2 });
  });
});

describe('GET /api/admin/customers', () => {
  let t: TestApp;
  let admin: AuthResponse;
  let alice: AuthResponse;
  let bruno: AuthResponse;
  let carla: AuthResponse;

  beforeAll(async () => {
    t = createTestApp();
    admin = await t.makeAdmin('boss@test.example');
    alice = await t.registerUser('seller', {
      email: 'alice@growers.example',
      firstName: 'Alice',
      lastName: 'Smith',
      businessName: 'Green Acres Farm',
    });
    t.clock.advance(1000);
    bruno = await t.registerUser('buyer', {
      email: 'bruno@shop.example',
      firstName: 'Bruno',
      lastName: 'Keller',
      companyName: 'Northside Provisions',
    });
    t.clock.advance(1000);
    carla = await t.registerUser('seller', {
      email: 'carla_c@mail.example',
      firstName: 'Carla',
      lastName: 'Acres',
      businessName: '100% Organic',
    });
  });
  afterAll(() => t.close());

  const customers = async (query = '') => {
    const res = await t.request<User[]>('GET', `/api/admin/customers${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const emails = (users: User[]) => users.map((u) => u.email);

  it('lists every non-admin account, newest first, without password fields', async () => {
    const all = await customers();
    expect(emails(all)).toEqual([carla.user.email, bruno.user.email, alice.user.email]);
    for (const user of all) exactUser.parse(user);
    expect(all[2]).toMatchObject({ businessName: 'Green Acres Farm', role: 'seller', subscriptionStatus: 'trial' });
  });

  it('searches first name, last name, email, business and company name, ignoring case', async () => {
    expect(emails(await customers('?search=alice'))).toEqual([alice.user.email]);
    expect(emails(await customers('?search=KELLER'))).toEqual([bruno.user.email]);
    expect(emails(await customers('?search=shop.example'))).toEqual([bruno.user.email]);
    expect(emails(await customers('?search=northside'))).toEqual([bruno.user.email]);
    // 'Acres' is Alice's business name and Carla's last name.
    expect(emails(await customers('?search=acres'))).toEqual([carla.user.email, alice.user.email]);
    expect(emails(await customers('?search=%20%20'))).toHaveLength(3);
    expect(await customers('?search=nobody-matches')).toEqual([]);
    expect(await customers('?search=boss')).toEqual([]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(emails(await customers(`?search=${encodeURIComponent('100%')}`))).toEqual([carla.user.email]);
    expect(emails(await customers('?search=_'))).toEqual([carla.user.email]);
    expect(await customers(`?search=${encodeURIComponent('%%')}`)).toEqual([]);
  });

  it('filters by role, ignoring unknown roles', async () => {
    expect(emails(await customers('?role=seller'))).toEqual([carla.user.email, alice.user.email]);
    expect(emails(await customers('?role=buyer'))).toEqual([bruno.user.email]);
    expect(await customers('?role=admin')).toEqual([]);
    expect(await customers('?role=wizard')).toHaveLength(3);
    expect(emails(await customers('?role=seller&search=smith'))).toEqual([alice.user.email]);
    expect(await customers('?role=buyer&search=smith')).toEqual([]);
  });
});

describe('PATCH /api/admin/customers/:id', () => {
  let t: TestApp;
  let admin: AuthResponse;
  beforeAll(async () => {
    t = createTestApp();
    admin = await t.makeAdmin();
  });
  afterAll(() => t.close());

  it('will not let an admin disable themself', async () => {
    const res = await t.request<ErrorBody>('PATCH', `/api/admin/customers/${admin.user.id}`, {
      token: admin.token,
      body: { disabled: true },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot disable your own account');
    expect((await t.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.request<ErrorBody>('PATCH', `/api/admin/customers/${randomUUID()}`, { token: admin.token, body: { disabled: true } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Customer not found');
  });

  it('requires disabled to be a boolean', async () => {
    const { user } = await t.registerUser('buyer');
    for (const body of [{}, { disabled: 'yes' }]) {
      const res = await t.request<ErrorBody>('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('disabled must be true or false');
    }
  });

  it('shows a disabled customer as disabled in the list', async () => {
    const { user } = await t.registerUser('seller');
    const res = await t.request<User>('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { disabled: true } });
    expect(res.status).toBe(200);
    expect(exactUser.parse(res.body)).toMatchObject({ id: user.id, disabled: true });
    const list = await t.request<User[]>('GET', '/api/admin/customers', { token: admin.token });
    expect(list.body.find((u) => u.id === user.id)?.disabled).toBe(true);
  });
});
