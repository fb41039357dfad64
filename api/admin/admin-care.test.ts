/** Account care: paging and search, trial extensions, the admin guards, the audit log and the detail panel. */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AdminGrowth, AuditPage, AccountDetail, AccountPage } from '../../sync/entities/admin';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { updateUser } from '../db/repositories/users';
import { createTestApp, DAY_MS, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { changeAccount, extendedTrialEnd, weekStartOf } from './admin-service';

const ADMIN_ROUTES: Array<[string, (id: string) => string, unknown?]> = [
  ['GET', () => '/api/admin/customers'],
  ['GET', () => '/api/admin/customers?page=1'],
  ['GET', (id) => `/api/admin/customers/${id}`],
  ['GET', () => '/api/admin/stats'],
  ['GET', () => '/api/admin/growth'],
  ['GET', () => '/api/admin/audit'],
  ['PATCH', (id) => `/api/admin/customers/${id}`, { disabled: true }],
  ['POST', (id) => `/api/admin/customers/${id}/extend-trial`, { days: 7 }],
];

describe('admin routes', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  it('answer a seller and a buyer 403 and a visitor 401, changing nothing', async () => {
    const seller = await t.registerUser('seller');
    const buyer = await t.registerUser('buyer');
    for (const caller of [seller, buyer]) {
      for (const [method, path, body] of ADMIN_ROUTES) {
        const target = caller === seller ? buyer.user.id : seller.user.id;
        const res = await t.request<ErrorBody>(method, path(target), { token: caller.token, body });
        expect(res.status, `${caller.user.role} ${method} ${path(target)}`).toBe(403);
      }
    }
    for (const [method, path, body] of ADMIN_ROUTES) {
      expect((await t.request(method, path(seller.user.id), { body })).status).toBe(401);
    }
    expect((await t.request('GET', '/api/auth/me', { token: seller.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: buyer.token })).status).toBe(200);
  });
});

describe('GET /api/admin/customers?page=', () => {
  let t: TestApp;
  let admin: AuthResponse;
  const made: User[] = [];

  beforeAll(async () => {
    t = createTestApp();
    admin = await t.makeAdmin();
    for (let i = 1; i <= 7; i++) {
      const role = i % 2 === 0 ? 'buyer' : 'seller';
      made.push((await t.registerUser(role, { email: `shopper${i}@paging.example`, firstName: `Person${i}`, lastName: i <= 3 ? 'Hollister' : 'Vance' })).user);
      t.clock.advance(1000);
    }
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.request<AccountPage>('GET', `/api/admin/customers?${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const emails = (body: AccountPage) => body.items.map((user) => user.email);

  it('hands out pages newest first with the total', async () => {
    const first = await page('page=1&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(emails(first)).toEqual(['shopper7@paging.example', 'shopper6@paging.example', 'shopper5@paging.example']);
    expect(emails(await page('page=3&pageSize=3'))).toEqual(['shopper1@paging.example']);
    expect((await page('page=4&pageSize=3')).items).toEqual([]);
  });

  it('pages a search and a role filter', async () => {
    const hollister = await page('search=hollister&page=1&pageSize=2');
    expect(hollister.total).toBe(3);
    expect(emails(hollister)).toEqual(['shopper3@paging.example', 'shopper2@paging.example']);
    expect(emails(await page('search=HOLLISTER&page=2&pageSize=2'))).toEqual(['shopper1@paging.example']);
    const buyers = await page('role=buyer&search=vance&page=1&pageSize=10');
    expect(emails(buyers)).toEqual(['shopper6@paging.example', 'shopper4@paging.example']);
    // Part of a word, in the middle of it.
    expect((await page('search=llist&page=1')).total).toBe(3);
    expect((await page('search=nobody-here&page=1')).total).toBe(0);
  });

  it('caps the page size at 100 and reads nonsense as the defaults', async () => {
    expect((await page('page=1&pageSize=500')).pageSize).toBe(100);
    expect(await page('page=abc&pageSize=-4')).toMatchObject({ page: 1, pageSize: 25, total: 7 });
  });

  it('finds a buyer made a seller among sellers, and reads quotes in a search as text', async () => {
    const { user } = await t.registerUser('buyer', { email: 'switcher@paging.example', companyName: 'Quarry "Q" Goods' });
    expect((await page('role=seller&search=switcher&page=1')).total).toBe(0);
    expect((await t.request('PATCH', `/api/admin/customers/${user.id}`, { token: admin.token, body: { role: 'seller' } })).status).toBe(200);
    expect(emails(await page('role=seller&search=switcher&page=1'))).toEqual([user.email]);
    expect((await page('role=buyer&search=switcher&page=1')).total).toBe(0);
    expect(emails(await page(`search=${encodeURIComponent('"Q" Goods')}&page=1`))).toEqual([user.email]);
    expect((await page(`search=${encodeURIComponent('" OR "')}&page=1`)).total).toBe(0);
  });

  it('finds a customer by a changed name and no longer by the old one', async () => {
    const { token, user } = await t.registerUser('seller', { email: 'renamed@paging.example', businessName: 'Old Orchard' });
    expect((await page('search=orchard&page=1')).total).toBe(1);
    expect((await t.request('PUT', '/api/auth/user', { token, body: { businessName: 'Riverbend Farm' } })).status).toBe(200);
    expect((await page('search=orchard&page=1')).total).toBe(0);
    expect(emails(await page('search=riverbend&page=1'))).toEqual([user.email]);
  });
});

/** A clock that moves only when a test moves it, a little ahead of real time so tokens stay good. */
const frozen = () => {
  const at = new Date(Date.now() + DAY_MS);
  return () => at;
};

describe('POST /api/admin/customers/:id/extend-trial', () => {
  let t: TestApp;
  let admin: AuthResponse;
  beforeAll(async () => {
    t = createTestApp({ now: frozen() });
    admin = await t.makeAdmin();
  });
  afterAll(() => t.close());

  const extend = (id: string, body: unknown) => t.request<User & ErrorBody>('POST', `/api/admin/customers/${id}/extend-trial`, { token: admin.token, body });
  const createProduct = (token: string) => t.request<Product>('POST', '/api/products', { token, body: { strainName: 'After extension' } });

  it('lets a seller whose trial ended write again at once, counting from now', async () => {
    const seller = await t.registerUser('seller');
    t.clock.advance(20 * DAY_MS);
    expect((await createProduct(seller.token)).status).toBe(402);
    const res = await extend(seller.user.id, { days: 7 });
    expect(res.status).toBe(200);
    expect(res.body.trialEndsAt).toBe(new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString());
    expect((await createProduct(seller.token)).status).toBe(201);
  });

  it('counts from the current end while the trial runs', async () => {
    const seller = await t.registerUser('seller');
    const end = new Date(seller.user.trialEndsAt!).getTime();
    const res = await extend(seller.user.id, { days: 90 });
    expect(res.body.trialEndsAt).toBe(new Date(end + 90 * DAY_MS).toISOString());
  });

  it('puts a canceled seller back on trial', async () => {
    const seller = await t.registerUser('seller');
    await t.services.db.transaction((tx) => updateUser(tx.db, seller.user.id, { subscriptionStatus: 'canceled' }, tx.version, t.clock.now()));
    expect((await createProduct(seller.token)).status).toBe(402);
    expect((await extend(seller.user.id, { days: 3 })).body.subscriptionStatus).toBe('trial');
    expect((await createProduct(seller.token)).status).toBe(201);
  });

  it('refuses buyers, admins and paying sellers with a clear 400', async () => {
    const buyer = await t.registerUser('buyer');
    for (const id of [buyer.user.id, admin.user.id]) {
      const res = await extend(id, { days: 7 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only a seller has a trial to extend');
    }
    const paying = await t.registerUser('seller');
    await t.services.db.transaction((tx) => updateUser(tx.db, paying.user.id, { subscriptionStatus: 'active' }, tx.version, t.clock.now()));
    const res = await extend(paying.user.id, { days: 7 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This seller has a paid subscription; there is no trial to extend');
  });

  it('takes 1 to 90 whole days only', async () => {
    const seller = await t.registerUser('seller');
    for (const days of [0, 91, 1.5, '7', null]) {
      const res = await extend(seller.user.id, { days });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('days must be a whole number from 1 to 90');
    }
    expect((await t.request<User>('GET', '/api/auth/me', { token: seller.token })).body.trialEndsAt).toBe(seller.user.trialEndsAt);
  });
});

describe('extendedTrialEnd', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('adds the days to the later of now and the current end', () => {
    expect(extendedTrialEnd(null, now, 5).toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(extendedTrialEnd(new Date('2026-03-01T00:00:00.000Z'), now, 5).toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(extendedTrialEnd(new Date('2026-03-20T00:00:00.000Z'), now, 5).toISOString()).toBe('2026-03-25T00:00:00.000Z');
  });
});

describe('admin guards', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({ now: frozen() });
  });
  afterAll(() => t.close());

  const patch = (token: string, id: string, body: unknown) => t.request<User & ErrorBody>('PATCH', `/api/admin/customers/${id}`, { token, body });

  it('keep an admin from disabling or demoting themself', async () => {
    const admin = await t.makeAdmin();
    expect((await patch(admin.token, admin.user.id, { disabled: true })).body.message).toBe('You cannot disable your own account');
    const demote = await patch(admin.token, admin.user.id, { role: 'seller' });
    expect(demote.status).toBe(403);
    expect(demote.body.message).toBe('You cannot change your own role');
    expect((await t.request<User>('GET', '/api/auth/me', { token: admin.token })).body.role).toBe('admin');
  });

  it('let an admin demote another, but never the last admin, even when both act at once', async () => {
    const t = createTestApp();
    onTestFinished(() => t.close());
    const patch = (token: string, id: string, body: unknown) => t.request<User & ErrorBody>('PATCH', `/api/admin/customers/${id}`, { token, body });
    const first = await t.makeAdmin();
    const second = await t.makeAdmin();
    const others = await t.makeAdmin();
    // Leave just the two.
    expect((await patch(first.token, others.user.id, { role: 'buyer' })).status).toBe(200);
    expect((await patch(first.token, second.user.id, { role: 'seller' })).body.role).toBe('seller');
    // The second admin's request was already past the role check when the first one's landed.
    await expect(changeAccount(t.services, { user: second.user, clientAddress: 'test' }, first.user.id, { disabled: true })).rejects.toThrow(
      'The last admin cannot be disabled or demoted',
    );
    expect((await t.request<User>('GET', '/api/auth/me', { token: first.token })).body.role).toBe('admin');
  });

  it('change a role and start the trial of a buyer made a seller', async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    const res = await patch(admin.token, buyer.user.id, { role: 'seller' });
    expect(res.body).toMatchObject({ role: 'seller', trialEndsAt: new Date(t.clock.now().getTime() + 14 * DAY_MS).toISOString() });
    expect((await patch(admin.token, buyer.user.id, { role: 'wizard' })).body.message).toBe('role must be seller, buyer or admin');
  });
});

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({ env: { TRUST_PROXY: 'true' }, now: frozen() });
  });
  afterAll(() => t.close());

  it('holds every admin action and sign-in, newest first, with who, whom and the address', async () => {
    const email = 'auditor@test.example';
    const admin = await t.makeAdmin(email);
    // Signing in again from a known address.
    const login = await t.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email, password: TEST_PASSWORD },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    const token = login.body.token;
    const seller = await t.registerUser('seller');
    const from = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.5' } };
    const act = async (method: string, path: string, body: unknown) => {
      t.clock.advance(1000);
      expect((await t.request(method, path, { token, body, ...from })).status).toBe(200);
    };
    await act('PATCH', `/api/admin/customers/${seller.user.id}`, { disabled: true });
    await act('PATCH', `/api/admin/customers/${seller.user.id}`, { disabled: false });
    await act('PATCH', `/api/admin/customers/${seller.user.id}`, { role: 'buyer' });
    await act('PATCH', `/api/admin/customers/${seller.user.id}`, { role: 'seller' });
    await act('POST', `/api/admin/customers/${seller.user.id}/extend-trial`, { days: 10 });

    const res = await t.request<AuditPage>('GET', '/api/admin/audit', { token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.items.map((entry) => [entry.action, entry.targetId, entry.clientAddress])).toEqual([
      ['customer.extend_trial', seller.user.id, '203.0.113.5'],
      ['customer.role', seller.user.id, '203.0.113.5'],
      ['customer.role', seller.user.id, '203.0.113.5'],
      ['customer.enable', seller.user.id, '203.0.113.5'],
      ['customer.disable', seller.user.id, '203.0.113.5'],
      ['admin.sign_in', admin.user.id, '198.51.100.7'],
      ['admin.sign_in', admin.user.id, 'unknown'],
    ]);
    for (const entry of res.body.items) expect(entry).toMatchObject({ actorId: admin.user.id, actorEmail: email });
    expect(res.body.items[0]?.targetEmail).toBe(seller.user.email);
    expect(res.body.items[1]?.detail).toBe('buyer → seller');
    expect(res.body.items[0]?.at).toBe(t.clock.now().toISOString());
  });

  it('does not record a seller or buyer signing in, nor a change refused', async () => {
    const before = (await t.request<AuditPage>('GET', '/api/admin/audit', { token: (await t.makeAdmin()).token })).body.total;
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    await t.request('POST', '/api/auth/login', { body: { email: buyer.user.email, password: TEST_PASSWORD } });
    await t.request('POST', `/api/admin/customers/${buyer.user.id}/extend-trial`, { token: admin.token, body: { days: 5 } });
    const after = (await t.request<AuditPage>('GET', '/api/admin/audit', { token: admin.token })).body.total;
    // Only the sign-ins of the two admins made here.
    expect(after - before).toBe(1);
  });

  it('pages twenty entries at a time', async () => {
    const admin = await t.makeAdmin();
    for (let i = 0; i < 25; i++) await t.request('POST', '/api/auth/login', { body: { email: admin.user.email, password: TEST_PASSWORD } });
    const first = await t.request<AuditPage>('GET', '/api/admin/audit?page=1', { token: admin.token });
    const second = await t.request<AuditPage>('GET', '/api/admin/audit?page=2', { token: admin.token });
    expect(first.body.items).toHaveLength(20);
    expect(second.body.items.length).toBeGreaterThan(0);
    expect(second.body.page).toBe(2);
    expect(first.body.total).toBe(second.body.total);
  });
});

describe('GET /api/admin/customers/:id', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_abc' }, now: frozen() });
  });
  afterAll(() => t.close());

  it("shows a seller's menus, product count, sign-in, sessions, billing link and audit entries", async () => {
    const admin = await t.makeAdmin();
    const seller = await t.registerUser('seller', { businessName: 'Detail Farms' });
    t.clock.advance(60_000);
    await t.request('POST', '/api/auth/login', { body: { email: seller.user.email, password: TEST_PASSWORD } });
    const product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Detail Kush' } })).body;
    await t.request('POST', '/api/products', { token: seller.token, body: { strainName: 'Second' } });
    const menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Spring list', productIds: [product.id] } })).body;
    await t.services.db.transaction((tx) => updateUser(tx.db, seller.user.id, { stripeCustomerId: 'cus_detail' }, tx.version, t.clock.now()));
    await t.request('POST', `/api/admin/customers/${seller.user.id}/extend-trial`, { token: admin.token, body: { days: 5 } });

    const res = await t.request<AccountDetail>('GET', `/api/admin/customers/${seller.user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer: { id: seller.user.id, businessName: 'Detail Farms' },
      menus: [{ id: menu.id, name: 'Spring list', publicLinkId: menu.publicLinkId }],
      productCount: 2,
      lastSignInAt: t.clock.now().toISOString(),
      openSessions: 2,
      emailConfirmed: false,
      stripeDashboardUrl: 'https://dashboard.stripe.com/test/customers/cus_detail',
    });
    expect(res.body.audit.map((entry) => entry.action)).toEqual(['customer.extend_trial']);
  });

  it('says whether the customer confirmed their email address', async () => {
    const admin = await t.makeAdmin();
    const seller = await t.registerUser('seller');
    const before = await t.request<AccountDetail>('GET', `/api/admin/customers/${seller.user.id}`, { token: admin.token });
    expect(before.body.emailConfirmed).toBe(false);
    await t.services.db.transaction((tx) => updateUser(tx.db, seller.user.id, { emailConfirmedAt: t.clock.now() }, tx.version, t.clock.now()));
    const after = await t.request<AccountDetail>('GET', `/api/admin/customers/${seller.user.id}`, { token: admin.token });
    expect(after.body.emailConfirmed).toBe(true);
  });

  it('shows no billing link without a provider customer, and 404 for nobody', async () => {
    const admin = await t.makeAdmin();
    const buyer = await t.registerUser('buyer');
    const res = await t.request<AccountDetail>('GET', `/api/admin/customers/${buyer.user.id}`, { token: admin.token });
    expect(res.body).toMatchObject({ menus: [], productCount: 0, stripeDashboardUrl: null, openSessions: 1 });
    expect((await t.request('GET', '/api/admin/customers/nobody', { token: admin.token })).status).toBe(404);
  });
});

describe('GET /api/admin/growth', () => {
  it('reports recurring revenue, trial conversion and twelve weeks of sign-ups', async () => {
    const t = createTestApp({ now: () => new Date('2027-05-12T10:00:00.000Z') });
    try {
      const admin = await t.makeAdmin();
      const paying = await t.registerUser('seller');
      await t.registerUser('seller');
      const lapsed = await t.registerUser('seller');
      await t.registerUser('buyer');
      await t.services.db.transaction(async (tx) => {
        await updateUser(tx.db, paying.user.id, { subscriptionStatus: 'active' }, tx.version, t.clock.now());
        await updateUser(tx.db, lapsed.user.id, { trialEndsAt: new Date('2027-05-01T00:00:00.000Z') }, tx.version, t.clock.now());
      });
      t.clock.advance(7 * DAY_MS);
      await t.registerUser('buyer');
      const res = await t.request<AdminGrowth>('GET', '/api/admin/growth', { token: admin.token });
      expect(res.body.monthlyRecurringRevenueCents).toBe(3999);
      expect(res.body.trialConversion).toEqual({ converted: 1, decided: 2 });
      expect(res.body.weeklySignups).toHaveLength(12);
      expect(res.body.weeklySignups.at(-1)).toEqual({ weekStart: '2027-05-17T00:00:00.000Z', count: 1 });
      expect(res.body.weeklySignups.at(-2)).toEqual({ weekStart: '2027-05-10T00:00:00.000Z', count: 4 });
      expect(res.body.weeklySignups[0]?.weekStart).toBe('2027-03-01T00:00:00.000Z');
    } finally {
      t.close();
    }
  });

  it('starts weeks on Monday', () => {
    expect(weekStartOf(new Date('2026-05-17T23:59:00.000Z')).toISOString()).toBe('2026-05-11T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-05-18T00:00:00.000Z')).toISOString()).toBe('2026-05-18T00:00:00.000Z');
  });
});
