/** The admin's customer table: sorting, the status filters, the shared-licence flag, and figures that leave the demo accounts out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGrowth, AdminStats, AccountDetail, AccountPage } from '../../sync/entities/admin';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { updateUser, type UserChanges } from '../db/repositories/users';
import { seedDemoData } from '../seed/seed';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';

describe('GET /api/admin/customers: sorting and filters', () => {
  let t: TestApp;
  let admin: AuthResponse;
  const people: Record<string, User> = {};

  const change = (user: User, changes: UserChanges) => t.services.db.transaction((tx) => updateUser(tx.db, user.id, changes, tx.version, t.clock.now()));

  beforeAll(async () => {
    t = createTestApp();
    admin = await t.makeAdmin();
    const now = t.clock.now().getTime();
    const make = async (key: string, role: 'seller' | 'buyer', profile: Record<string, string>) => {
      people[key] = (await t.registerUser(role, { email: `${key}@table.example`, ...profile })).user;
      t.clock.advance(1000);
    };
    await make('ending', 'seller', { firstName: 'Carla', businessName: 'Birch Farm', licenseNumber: 'LIC-100' });
    await make('fresh', 'seller', { firstName: 'Abel', businessName: 'Zephyr Gardens', licenseNumber: 'LIC-200' });
    await make('pastdue', 'seller', { firstName: 'Edith', businessName: 'Cedar Co', licenseNumber: 'LIC-100' });
    await make('expired', 'seller', { firstName: 'Dmitri', businessName: 'Aspen Labs' });
    await make('canceled', 'seller', { firstName: 'Fern', businessName: 'Maple Works' });
    await make('buyer', 'buyer', { firstName: 'Gus', companyName: 'Dune Retail', licenseNumber: 'lic-100' });
    await change(people.ending!, { trialEndsAt: new Date(now + 3 * DAY_MS) });
    await change(people.pastdue!, { subscriptionStatus: 'past_due', pastDueSince: new Date(now) });
    await change(people.expired!, { trialEndsAt: new Date(now - DAY_MS) });
    await change(people.canceled!, { subscriptionStatus: 'canceled' });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.request<AccountPage>('GET', `/api/admin/customers?page=1&${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const keys = (body: AccountPage) => body.items.map((user) => user.email.split('@')[0]);

  it('sorts by a column either way, by name, business (a buyer by company) and trial end', async () => {
    expect(keys(await list('sort=name'))).toEqual(['fresh', 'ending', 'expired', 'pastdue', 'canceled', 'buyer']);
    expect(keys(await list('sort=name&dir=desc'))).toEqual(['buyer', 'canceled', 'pastdue', 'expired', 'ending', 'fresh']);
    expect(keys(await list('sort=business'))).toEqual(['expired', 'ending', 'pastdue', 'buyer', 'canceled', 'fresh']);
    // A buyer has no trial: empty values come last either way.
    expect(keys(await list('sort=trialEnd')).at(-1)).toBe('buyer');
    expect(keys(await list('sort=trialEnd&dir=desc')).at(-1)).toBe('buyer');
    expect(keys(await list('sort=trialEnd')).slice(0, 2)).toEqual(['expired', 'ending']);
    expect(keys(await list('sort=joined&dir=asc'))).toEqual(['ending', 'fresh', 'pastdue', 'expired', 'canceled', 'buyer']);
  });

  it('pages a sorted list without repeating or skipping anyone', async () => {
    const first = await t.request<AccountPage>('GET', '/api/admin/customers?page=1&pageSize=4&sort=email', { token: admin.token });
    const second = await t.request<AccountPage>('GET', '/api/admin/customers?page=2&pageSize=4&sort=email', { token: admin.token });
    expect([...keys(first.body), ...keys(second.body)]).toEqual(['buyer', 'canceled', 'ending', 'expired', 'fresh', 'pastdue']);
    expect(second.body.total).toBe(6);
  });

  it('refuses an unknown sort, direction or status with a message', async () => {
    for (const query of ['sort=password', 'sort=name&dir=up', 'status=rich']) {
      const res = await t.request<ErrorBody>('GET', `/api/admin/customers?page=1&${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/^(sort|dir|status) must be/);
    }
  });

  it('finds trials ending within 7 days, past due, and lapsed sellers (trial over unpaid, or canceled)', async () => {
    expect(keys(await list('status=trial_ending'))).toEqual(['ending']);
    expect(keys(await list('status=past_due'))).toEqual(['pastdue']);
    expect(keys(await list('status=lapsed&sort=name'))).toEqual(['expired', 'canceled']);
    expect((await list('status=lapsed&role=buyer')).total).toBe(0);
    expect(keys(await list('status=trial_ending&search=carla'))).toEqual(['ending']);
    expect((await list('status=trial_ending&search=abel')).total).toBe(0);
  });

  it('flags a licence number two accounts hold, on the row, in the detail and with a filter', async () => {
    const page = await list('sort=name');
    const flagged = Object.fromEntries(page.items.map((user) => [user.email.split('@')[0], user.licenseShared]));
    // The buyer's number differs in case only: another number as written.
    expect(flagged).toEqual({ fresh: false, ending: true, expired: false, pastdue: true, canceled: false, buyer: false });
    expect(keys(await list('status=shared_license&sort=name'))).toEqual(['ending', 'pastdue']);
    const detail = await t.request<AccountDetail>('GET', `/api/admin/customers/${people.pastdue!.id}`, { token: admin.token });
    expect(detail.body.licenseShared).toBe(true);
    const alone = await t.request<AccountDetail>('GET', `/api/admin/customers/${people.fresh!.id}`, { token: admin.token });
    expect(alone.body.licenseShared).toBe(false);
  });
});

describe('the admin figures leave the demo accounts out', () => {
  let t: TestApp;
  let admin: AuthResponse;
  beforeAll(async () => {
    t = createTestApp();
    await seedDemoData(t.services);
    admin = await t.makeAdmin();
  });
  afterAll(() => t.close());

  it('counts only real customers in the stats, revenue and conversion, while the list still shows the demo accounts', async () => {
    const figures = async () => ({
      stats: (await t.request<AdminStats>('GET', '/api/admin/stats', { token: admin.token })).body,
      growth: (await t.request<AdminGrowth>('GET', '/api/admin/growth', { token: admin.token })).body,
    });
    const before = await figures();
    expect(before.stats).toEqual({ totalUsers: 0, activeSellers: 0, trialUsers: 0, monthlySignups: 0 });
    expect(before.growth.monthlyRecurringRevenueCents).toBe(0);
    expect(before.growth.trialConversion).toEqual({ converted: 0, decided: 0 });
    expect(before.growth.weeklySignups.reduce((sum, week) => sum + week.count, 0)).toBe(0);

    const paying = await t.registerUser('seller');
    await t.services.db.transaction((tx) => updateUser(tx.db, paying.user.id, { subscriptionStatus: 'active' }, tx.version, t.clock.now()));
    const after = await figures();
    expect(after.stats).toMatchObject({ totalUsers: 1, activeSellers: 1 });
    expect(after.growth.monthlyRecurringRevenueCents).toBe(3999);
    expect(after.growth.trialConversion).toEqual({ converted: 1, decided: 1 });

    const listed = await t.request<AccountPage>('GET', '/api/admin/customers?page=1', { token: admin.token });
    expect(listed.body.total).toBe(3);
  });
});
