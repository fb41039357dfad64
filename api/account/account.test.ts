import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, User } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { Payments } from '../billing/payments';
import { saveBillingSubscription } from '../db/repositories/billing';
import { MENU_NOT_FOUND_MESSAGE } from '../public-menu/public-menu-service';
import { linkInMailTo, mailTo } from '../mail/testing/outbox-reader';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { CONFIRM_LINK_INVALID_MESSAGE, ONLY_ADMIN_CLOSING_MESSAGE } from '../../sync/entities/account';
import { WRONG_PASSWORD_MESSAGE } from '../auth/current-password';

const canceled: string[] = [];
const fakePayments = { cancelSubscription: async (id: string) => void canceled.push(id) } as unknown as Payments;

let t: TestApp;
beforeAll(() => {
  t = createTestApp({ overrides: { payments: fakePayments } });
});
afterAll(() => t.close());

const signIn = (email: string, password = TEST_PASSWORD) => t.request<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });

const confirm = (link: URL) => t.request<{ email: string; message: string } & ErrorBody>('POST', '/api/account/confirm-email', { body: { token: link.searchParams.get('token') } });

describe('welcome and address confirmation', () => {
  it('welcomes a new account with a link whose page confirms the address; the account works before that', async () => {
    const buyer = await t.registerUser('buyer', { firstName: 'Bea' });
    expect(buyer.user.emailConfirmedAt).toBeNull();
    const [welcome] = await mailTo(t.services, buyer.user.email);
    expect(welcome!.subject).toBe('Welcome to Wholesale Menus: please confirm your email');
    expect(welcome!.text).toContain('Hello Bea,');
    const link = await linkInMailTo(t.services, buyer.user.email, '/confirm-email');
    const confirmed = await confirm(link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: buyer.user.email, message: `${buyer.user.email} is confirmed as the address of your account.` });
    expect((await t.request<User>('GET', '/api/auth/me', { token: buyer.token })).body.emailConfirmedAt).not.toBeNull();
    const again = await confirm(link);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
  });

  it('changes nothing when the link is only followed, as a mail scanner does; a link in the older form leads to the same page', async () => {
    const seller = await t.registerUser('seller');
    const link = await linkInMailTo(t.services, seller.user.email, '/confirm-email');
    const followed = await t.request('GET', `/api/account/confirm-email${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`/confirm-email${link.search}`);
    expect((await t.request<User>('GET', '/api/auth/me', { token: seller.token })).body.emailConfirmedAt).toBeNull();
    expect((await confirm(link)).status).toBe(200);
  });

  it('sends a new link on request, at most one a minute, and only the newest link works', async () => {
    const seller = await t.registerUser('seller', { firstName: 'Sol' });
    const welcomeLink = await linkInMailTo(t.services, seller.user.email, '/confirm-email');
    const tooSoon = await t.request<ErrorBody>('POST', '/api/account/confirm-email/resend', { token: seller.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('60');
    expect(tooSoon.body.message).toBe('A link was sent a moment ago. Please check your inbox, or ask again in 1 minute.');

    t.clock.advance(61_000);
    const resent = await t.request<{ message: string }>('POST', '/api/account/confirm-email/resend', { token: seller.token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We sent a new confirmation link to ${seller.user.email}.`);
    expect((await mailTo(t.services, seller.user.email)).at(-1)!.subject).toBe('Confirm your Wholesale Menus email address');

    expect((await confirm(welcomeLink)).status).toBe(400);
    const newLink = await linkInMailTo(t.services, seller.user.email, '/confirm-email');
    expect((await confirm(newLink)).status).toBe(200);
    t.clock.advance(61_000);
    const confirmed = await t.request<ErrorBody>('POST', '/api/account/confirm-email/resend', { token: seller.token });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.message).toBe('Your email address is already confirmed.');
  });

  it('refuses a missing or made-up token with a message', async () => {
    const missing = await t.request<ErrorBody>('POST', '/api/account/confirm-email', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The confirmation link is incomplete');
    const madeUp = await t.request<ErrorBody>('POST', '/api/account/confirm-email', { body: { token: 'x'.repeat(43) } });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(CONFIRM_LINK_INVALID_MESSAGE);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, then ends every other session and tells the owner', async () => {
    const seller = await t.registerUser('seller');
    const other = await signIn(seller.user.email);
    const wrong = await t.request<ErrorBody>('POST', '/api/account/password', { token: seller.token, body: { currentPassword: 'nope-nope', newPassword: 'fresh-pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: WRONG_PASSWORD_MESSAGE });
    const short = await t.request<ErrorBody>('POST', '/api/account/password', { token: seller.token, body: { currentPassword: TEST_PASSWORD, newPassword: '123' } });
    expect(short.body.message).toBe('Password must be at least 6 characters');

    const done = await t.request('POST', '/api/account/password', { token: seller.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'fresh-pass' } });
    expect(done.status).toBe(204);
    expect((await t.request('GET', '/api/auth/me', { token: seller.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await signIn(seller.user.email, 'fresh-pass')).status).toBe(200);
    expect((await mailTo(t.services, seller.user.email)).map((m) => m.subject)).toContain('Your Wholesale Menus password was changed');
  });
});

describe('notification settings', () => {
  it('are all on by default and change one kind at a time', async () => {
    const seller = await t.registerUser('seller');
    const initial = await t.request<Record<string, boolean>>('GET', '/api/account/notifications', { token: seller.token });
    expect(Object.values(initial.body).every(Boolean)).toBe(true);
    const changed = await t.request<Record<string, boolean>>('PUT', '/api/account/notifications', { token: seller.token, body: { 'new-message': false } });
    expect(changed.body['new-message']).toBe(false);
    expect(changed.body['order-request']).toBe(true);
    expect((await t.request<ErrorBody>('PUT', '/api/account/notifications', { token: seller.token, body: { nonsense: true } })).status).toBe(400);
    expect((await t.request('GET', '/api/account/notifications')).status).toBe(401);
  });
});

describe('GET /api/account/export', () => {
  it("answers a JSON file of the profile and what the account owns, and nobody else's", async () => {
    const seller = await t.registerUser('seller', { businessName: 'Green Acres' });
    const other = await t.registerUser('seller');
    await t.request('POST', '/api/products', { token: seller.token, body: { id: crypto.randomUUID(), strainName: 'Blue Dream' } });
    await t.request('POST', '/api/products', { token: other.token, body: { id: crypto.randomUUID(), strainName: 'Other Strain' } });
    const res = await t.request<{ profile: User; products: Array<{ strainName: string }> }>('GET', '/api/account/export', { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="wholesale-menus-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body.profile.businessName).toBe('Green Acres');
    expect(res.body.products.map((p) => p.strainName)).toEqual(['Blue Dream']);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });
});

describe('POST /api/account/delete', () => {
  it('needs the password, cancels the subscription, ends sessions, frees the email and keeps only the business name', async () => {
    const seller = await t.registerUser('seller', { businessName: 'Closing Farms', phoneNumber: '555-0100' });
    const menu = await t.request<{ publicLinkId: string }>('POST', '/api/menus', { token: seller.token, body: { name: 'Spring List', isPublic: true } });
    expect((await t.request('GET', `/api/public/menu/${menu.body.publicLinkId}`)).status).toBe(200);
    await t.services.db.transaction(async (tx) =>
      saveBillingSubscription(tx.db, {
        id: 'sub_closing',
        userId: seller.user.id,
        status: 'active',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        lastEventAt: new Date(),
        updatedAt: new Date(),
      }),
    );
    const wrong = await t.request<ErrorBody>('POST', '/api/account/delete', { token: seller.token, body: { password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: WRONG_PASSWORD_MESSAGE });

    const done = await t.request('POST', '/api/account/delete', { token: seller.token, body: { password: TEST_PASSWORD } });
    expect(done.status).toBe(204);
    expect(canceled).toEqual(['sub_closing']);
    const gone = await t.request<ErrorBody>('GET', `/api/public/menu/${menu.body.publicLinkId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(MENU_NOT_FOUND_MESSAGE);
    expect((await t.request('GET', '/api/auth/me', { token: seller.token })).status).toBe(401);
    expect((await signIn(seller.user.email)).status).toBe(401);
    expect((await mailTo(t.services, seller.user.email)).at(-1)!.subject).toBe('Your Wholesale Menus account was deleted');
    // The address can make a new account.
    expect((await t.request('POST', '/api/auth/register', { body: { email: seller.user.email, password: 'again-pass', firstName: 'New', role: 'buyer' } })).status).toBe(201);
  });

  it('refuses the only admin, who may close once another admin can look after customers', async () => {
    const own = createTestApp();
    try {
      const admin = await own.makeAdmin();
      const refused = await own.request<ErrorBody>('POST', '/api/account/delete', { token: admin.token, body: { password: TEST_PASSWORD } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ONLY_ADMIN_CLOSING_MESSAGE);
      expect((await own.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);

      await own.makeAdmin();
      expect((await own.request('POST', '/api/account/delete', { token: admin.token, body: { password: TEST_PASSWORD } })).status).toBe(204);
    } finally {
      own.close();
    }
  });
});
