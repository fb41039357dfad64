/**
 * Every API route and who may call it: anonymous, each role, a disabled
 * account, and (for routes naming a resource) its owner against another
 * seller and another buyer. A new route belongs in these tables; a test fails
 * when the app registers a route they do not name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../sync/contract/constants';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { startSession } from '../auth/auth-service';
import { everyRow } from '../testing/database-tables';
import { createTestApp, type TestApp } from '../testing/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = {
  method: Method;
  /** The path as the app registers it. */
  pattern: string;
  /** Who may call it; 'anyone' means no sign-in is needed. */
  allowed: readonly UserRole[] | 'anyone';
  /** A concrete path to call. */
  path?: string;
  /** A function gives each call a fresh body (a device id belongs to the first account that uses it). */
  body?: unknown;
  /** The call ends the caller's session, so it gets a session of its own. */
  endsSession?: boolean;
  /** The status an allowed caller gets when it is not a success (the probe ids and bodies are not real). */
  expected?: number;
};

const ALL_ROLES: readonly UserRole[] = ['admin', 'seller', 'buyer'];
const SOME_ID = randomUUID();

const ROUTES: Route[] = [
  { method: 'GET', pattern: '/api/health', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/ready', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/config', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/site', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/public/menu/:publicLinkId', path: `/api/public/menu/${SOME_ID}`, allowed: 'anyone' },
  { method: 'GET', pattern: '/api/public/menu/:publicLinkId/events', path: `/api/public/menu/${SOME_ID}/events`, allowed: 'anyone' },
  {
    method: 'POST',
    pattern: '/api/public/menu/:publicLinkId/events/ticket',
    path: `/api/public/menu/${SOME_ID}/events/ticket`,
    allowed: ['buyer'],
    expected: 404,
  },
  { method: 'GET', pattern: '/api/public/menu/:publicLinkId/view.gif', path: `/api/public/menu/${SOME_ID}/view.gif`, allowed: 'anyone' },
  {
    method: 'POST',
    pattern: '/api/public/menu/:publicLinkId/products/:productId/open',
    path: `/api/public/menu/${SOME_ID}/products/${SOME_ID}/open`,
    allowed: 'anyone',
  },
  { method: 'GET', pattern: '/api/login', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/logout', allowed: 'anyone' },
  { method: 'POST', pattern: '/api/auth/register', allowed: 'anyone', body: {} },
  { method: 'POST', pattern: '/api/auth/login', allowed: 'anyone', body: {} },
  { method: 'POST', pattern: '/api/auth/logout', allowed: ALL_ROLES, endsSession: true },
  { method: 'POST', pattern: '/api/auth/forgot-password', allowed: 'anyone', body: {} },
  { method: 'POST', pattern: '/api/auth/reset-password', allowed: 'anyone', body: {} },
  // Email links: the signed token in the address is the permission.
  { method: 'GET', pattern: '/api/mail/unsubscribe', allowed: 'anyone' },
  { method: 'POST', pattern: '/api/mail/unsubscribe', allowed: 'anyone' },
  { method: 'GET', pattern: '/api/account/confirm-email', allowed: 'anyone' },
  { method: 'POST', pattern: '/api/account/confirm-email', allowed: 'anyone', body: {} },
  { method: 'POST', pattern: '/api/account/password', allowed: ALL_ROLES, body: {} },
  { method: 'POST', pattern: '/api/account/email', allowed: ALL_ROLES, body: {} },
  { method: 'GET', pattern: '/api/account/email-change', allowed: ALL_ROLES },
  { method: 'DELETE', pattern: '/api/account/email-change', allowed: ALL_ROLES },
  { method: 'POST', pattern: '/api/account/confirm-email/resend', allowed: ALL_ROLES },
  { method: 'GET', pattern: '/api/account/notifications', allowed: ALL_ROLES },
  { method: 'PUT', pattern: '/api/account/notifications', allowed: ALL_ROLES, body: {} },
  { method: 'GET', pattern: '/api/account/push-notifications', allowed: ALL_ROLES },
  { method: 'PUT', pattern: '/api/account/push-notifications', allowed: ALL_ROLES, body: {} },
  { method: 'GET', pattern: '/api/push/key', allowed: 'anyone' },
  // A device's subscription is its owner's: removing another person's endpoint finds nothing (404).
  { method: 'POST', pattern: '/api/push/subscriptions', allowed: ALL_ROLES, body: {}, expected: 400 },
  { method: 'DELETE', pattern: '/api/push/subscriptions', allowed: ALL_ROLES, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/nobody' }, expected: 404 },
  { method: 'GET', pattern: '/api/account/export', allowed: ALL_ROLES },
  { method: 'POST', pattern: '/api/account/delete', allowed: ALL_ROLES, body: {} },
  { method: 'GET', pattern: '/api/auth/me', allowed: ALL_ROLES },
  { method: 'GET', pattern: '/api/auth/user', allowed: ALL_ROLES },
  { method: 'PUT', pattern: '/api/auth/user', allowed: ALL_ROLES, body: {} },
  { method: 'GET', pattern: '/api/products', allowed: ['seller'] },
  { method: 'POST', pattern: '/api/products', allowed: ['seller'], body: {} },
  { method: 'PUT', pattern: '/api/products/:id', path: `/api/products/${SOME_ID}`, allowed: ['seller'], body: {} },
  { method: 'DELETE', pattern: '/api/products/:id', path: `/api/products/${SOME_ID}`, allowed: ['seller'] },
  { method: 'GET', pattern: '/api/customers', allowed: ['seller'] },
  { method: 'POST', pattern: '/api/customers', allowed: ['seller'], body: {} },
  { method: 'PATCH', pattern: '/api/customers/:id', path: `/api/customers/${SOME_ID}`, allowed: ['seller'], body: {} },
  { method: 'DELETE', pattern: '/api/customers/:id', path: `/api/customers/${SOME_ID}`, allowed: ['seller'] },
  { method: 'POST', pattern: '/api/customers/:id/invitations', path: `/api/customers/${SOME_ID}/invitations`, allowed: ['seller'], body: {}, expected: 400 },
  // The invitation's token is the permission to see it; accepting it needs a buyer's account.
  { method: 'GET', pattern: '/api/customer-invitations/preview', allowed: 'anyone' },
  { method: 'POST', pattern: '/api/customer-invitations/accept', allowed: ['buyer'], body: {}, expected: 400 },
  { method: 'GET', pattern: '/api/price-lists', allowed: ['seller'] },
  { method: 'POST', pattern: '/api/price-lists', allowed: ['seller'], body: {} },
  { method: 'PUT', pattern: '/api/price-lists/:id', path: `/api/price-lists/${SOME_ID}`, allowed: ['seller'], body: {} },
  { method: 'DELETE', pattern: '/api/price-lists/:id', path: `/api/price-lists/${SOME_ID}`, allowed: ['seller'] },
  { method: 'GET', pattern: '/api/menus', allowed: ['seller'] },
  { method: 'POST', pattern: '/api/menus', allowed: ['seller'], body: {} },
  { method: 'GET', pattern: '/api/menus/:id', path: `/api/menus/${SOME_ID}`, allowed: ['seller'] },
  { method: 'PUT', pattern: '/api/menus/:id', path: `/api/menus/${SOME_ID}`, allowed: ['seller'], body: {} },
  { method: 'DELETE', pattern: '/api/menus/:id', path: `/api/menus/${SOME_ID}`, allowed: ['seller'] },
  { method: 'POST', pattern: '/api/menus/:id/regenerate-link', path: `/api/menus/${SOME_ID}/regenerate-link`, allowed: ['seller'] },
  { method: 'GET', pattern: '/api/saved-menus', allowed: ['buyer'] },
  { method: 'POST', pattern: '/api/saved-menus', allowed: ['buyer'], body: {} },
  { method: 'DELETE', pattern: '/api/saved-menus/:id', path: `/api/saved-menus/${SOME_ID}`, allowed: ['buyer'] },
  { method: 'GET', pattern: '/api/admin/customers', allowed: ['admin'] },
  { method: 'GET', pattern: '/api/admin/stats', allowed: ['admin'] },
  { method: 'GET', pattern: '/api/admin/growth', allowed: ['admin'] },
  { method: 'GET', pattern: '/api/admin/audit', allowed: ['admin'] },
  { method: 'GET', pattern: '/api/admin/customers/:id', path: `/api/admin/customers/${SOME_ID}`, allowed: ['admin'] },
  { method: 'POST', pattern: '/api/admin/customers/:id/extend-trial', path: `/api/admin/customers/${SOME_ID}/extend-trial`, allowed: ['admin'], body: { days: 1 } },
  { method: 'PATCH', pattern: '/api/admin/customers/:id', path: `/api/admin/customers/${SOME_ID}`, allowed: ['admin'], body: { disabled: false } },
  { method: 'GET', pattern: '/api/subscription-status', allowed: ['seller'] },
  // Payments are not configured in tests.
  { method: 'POST', pattern: '/api/create-subscription', allowed: ['seller'], expected: 503 },
  { method: 'POST', pattern: '/api/billing/portal', allowed: ['seller'], expected: 503 },
  // The provider signs its calls instead of signing in; unsigned, the answer is 400.
  { method: 'POST', pattern: '/api/stripe/webhook', allowed: 'anyone' },
  { method: 'POST', pattern: '/api/sync/push', allowed: ALL_ROLES, body: () => ({ clientId: randomUUID(), mutations: [] }) },
  { method: 'GET', pattern: '/api/sync/pull', allowed: ALL_ROLES },
  // Anyone signed in may ask; only the menu's seller gets an answer (others: Menu not found).
  { method: 'GET', pattern: '/api/menus/:id/insights', path: `/api/menus/${SOME_ID}/insights`, allowed: ALL_ROLES, expected: 404 },
  { method: 'GET', pattern: '/api/analytics/dashboard', allowed: ['seller'] },
  { method: 'GET', pattern: '/api/integrations/metrc', allowed: ['seller'] },
  { method: 'PUT', pattern: '/api/integrations/metrc', allowed: ['seller'], body: {}, expected: 400 },
  { method: 'DELETE', pattern: '/api/integrations/metrc', allowed: ['seller'] },
  // Metrc is not set up in tests: a team is told to connect first.
  { method: 'GET', pattern: '/api/metrc/packages', allowed: ['seller'], expected: 409 },
  { method: 'POST', pattern: '/api/metrc/refresh', allowed: ['seller'], expected: 409 },
  { method: 'POST', pattern: '/api/metrc/import', allowed: ['seller'], body: {}, expected: 400 },
  { method: 'GET', pattern: '/api/analytics/notifications', allowed: ['seller'] },
  { method: 'POST', pattern: '/api/analytics/notifications/read', allowed: ['seller'], body: {}, expected: 400 },
  { method: 'GET', pattern: '/api/browse', allowed: ALL_ROLES },
  { method: 'GET', pattern: '/api/browse/sellers', allowed: ALL_ROLES },
  { method: 'GET', pattern: '/api/inquiries', allowed: ['buyer', 'seller'] },
  { method: 'GET', pattern: '/api/inquiries/:id', path: `/api/inquiries/${SOME_ID}`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'POST', pattern: '/api/inquiries', allowed: ['buyer'], body: {} },
  { method: 'POST', pattern: '/api/inquiries/:id/messages', path: `/api/inquiries/${SOME_ID}/messages`, allowed: ['buyer', 'seller'], body: {} },
  { method: 'POST', pattern: '/api/inquiries/:id/status', path: `/api/inquiries/${SOME_ID}/status`, allowed: ['seller'], body: {} },
  { method: 'POST', pattern: '/api/inquiries/:id/read', path: `/api/inquiries/${SOME_ID}/read`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'GET', pattern: '/api/orders', allowed: ['buyer', 'seller'] },
  { method: 'GET', pattern: '/api/orders/:id', path: `/api/orders/${SOME_ID}`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'GET', pattern: '/api/orders/:id/invoice.pdf', path: `/api/orders/${SOME_ID}/invoice.pdf`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'GET', pattern: '/api/orders.csv', allowed: ['buyer', 'seller'] },
  { method: 'POST', pattern: '/api/orders', allowed: ['buyer', 'seller'], body: {} },
  { method: 'POST', pattern: '/api/orders/:id/accept', path: `/api/orders/${SOME_ID}/accept`, allowed: ['seller'], expected: 404 },
  { method: 'POST', pattern: '/api/orders/:id/reject', path: `/api/orders/${SOME_ID}/reject`, allowed: ['seller'], body: {} },
  { method: 'POST', pattern: '/api/orders/:id/cancel', path: `/api/orders/${SOME_ID}/cancel`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'PUT', pattern: '/api/orders/:id/lines', path: `/api/orders/${SOME_ID}/lines`, allowed: ['seller'], body: {} },
  { method: 'POST', pattern: '/api/orders/:id/approve', path: `/api/orders/${SOME_ID}/approve`, allowed: ['buyer'], expected: 404 },
  { method: 'POST', pattern: '/api/orders/:id/fulfil', path: `/api/orders/${SOME_ID}/fulfil`, allowed: ['seller'], expected: 404 },
  { method: 'POST', pattern: '/api/orders/:id/deliver', path: `/api/orders/${SOME_ID}/deliver`, allowed: ['seller'], body: {} },
  { method: 'POST', pattern: '/api/orders/:id/payments', path: `/api/orders/${SOME_ID}/payments`, allowed: ['seller'], body: {} },
  { method: 'POST', pattern: '/api/orders/:id/reorder', path: `/api/orders/${SOME_ID}/reorder`, allowed: ['buyer', 'seller'], expected: 404 },
  // Without a multipart body an allowed caller gets 400 'Please select an image file'; purposes are checked in api/photos.
  { method: 'POST', pattern: '/api/upload', allowed: ALL_ROLES, expected: 400 },
  // A team's members and invitations: each role's rights are proven in api/team.
  { method: 'GET', pattern: '/api/team', allowed: ['buyer', 'seller'] },
  // The join page shows what an invitation offers before anyone signs in; the token is the key (a probe without one is bad input).
  { method: 'GET', pattern: '/api/team/invitations/preview', allowed: 'anyone', expected: 400 },
  { method: 'POST', pattern: '/api/team/invitations', allowed: ['buyer', 'seller'], body: {}, expected: 400 },
  { method: 'POST', pattern: '/api/team/invitations/:id/resend', path: `/api/team/invitations/${SOME_ID}/resend`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'DELETE', pattern: '/api/team/invitations/:id', path: `/api/team/invitations/${SOME_ID}`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'PATCH', pattern: '/api/team/members/:userId', path: `/api/team/members/${SOME_ID}`, allowed: ['buyer', 'seller'], body: { role: 'manager' }, expected: 404 },
  { method: 'DELETE', pattern: '/api/team/members/:userId', path: `/api/team/members/${SOME_ID}`, allowed: ['buyer', 'seller'], expected: 404 },
  { method: 'POST', pattern: '/api/team/join', allowed: ['buyer', 'seller'], body: {}, expected: 400 },
  // Uploaded files are served to anyone by their hashed name (none is stored under this one).
  { method: 'GET', pattern: '/uploads/:file', path: `/uploads/${'0'.repeat(64)}.jpg`, allowed: 'anyone' },
];

let t: TestApp;
const accounts = {} as Record<UserRole, AuthResponse>;
/** Accounts an admin disabled after they signed in: their tokens still look good. */
const disabled = {} as Record<'seller' | 'buyer', AuthResponse>;

beforeAll(async () => {
  // Each ownership case places an order between the same buyer and seller; the order quotas are proved in api/orders/order-quota.test.ts.
  t = createTestApp({ env: { ORDERS_PER_PAIR_PER_HOUR: '100000' } });
  accounts.admin = await t.makeAdmin();
  accounts.seller = await t.registerUser('seller');
  accounts.buyer = await t.registerUser('buyer');
  for (const role of ['seller', 'buyer'] as const) {
    disabled[role] = await t.registerUser(role);
    const res = await t.request('PATCH', `/api/admin/customers/${disabled[role].user.id}`, { token: accounts.admin.token, body: { disabled: true } });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t.close());

async function tokenFor(role: UserRole, route: Route): Promise<string> {
  if (!route.endsSession) return accounts[role].token;
  return (await startSession(t.services, accounts[role].user)).token;
}

const call = (route: Route, token?: string) =>
  t.request<ErrorBody>(route.method, route.path ?? route.pattern, {
    token,
    body: typeof route.body === 'function' ? (route.body as () => unknown)() : route.body,
  });

describe.each(ROUTES)('$method $pattern', (route) => {
  if (route.allowed === 'anyone') {
    it('answers without a sign-in', async () => {
      const res = await call(route);
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    });
    it('answers every role', async () => {
      for (const role of ALL_ROLES) {
        const res = await call(route, await tokenFor(role, route));
        expect([401, 403], role).not.toContain(res.status);
      }
    });
    it('still answers with a garbage bearer token', async () => {
      const res = await call(route, 'garbage.token.value');
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    });
    return;
  }

  const allowed = route.allowed;
  it('asks an anonymous caller to sign in (401)', async () => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Unauthorized: please sign in.', reason: 'unauthenticated' });
  });

  it('refuses a garbage or forged bearer token with 401', async () => {
    for (const token of ['garbage', 'a.b.c', `${accounts.seller.token}x`, accounts.admin.token.replace(/\.[^.]+$/, '.AAAA')]) {
      const res = await call(route, token);
      expect(res.status, token).toBe(401);
    }
  });

  it('refuses a disabled account with 401, whatever its role', async () => {
    for (const role of ['seller', 'buyer'] as const) {
      const res = await call(route, disabled[role].token);
      expect(res.status, role).toBe(401);
    }
  });

  for (const role of ALL_ROLES) {
    if (allowed.includes(role)) {
      it(`lets ${role} through`, async () => {
        const res = await call(route, await tokenFor(role, route));
        expect([401, 403]).not.toContain(res.status);
        if (route.expected) expect(res.status).toBe(route.expected);
        else expect(res.status).toBeLessThan(500);
      });
    } else {
      it(`refuses ${role} with 403`, async () => {
        const res = await call(route, await tokenFor(role, route));
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ message: "You don't have permission to do this.", reason: 'forbidden' });
      });
    }
  }
});

describe('routes outside the table', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/whatever'],
      ['POST', '/api/whatever/deeper'],
      ['GET', '/api/products/extra/segments'],
      ['PATCH', '/api/products'],
    ] as const) {
      const res = await t.request<ErrorBody>(method, path, { token: accounts.seller.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ message: 'Not found', reason: 'not_found' });
    }
  });

  it('names every route the app registers', () => {
    const registered = new Set(t.app.routes.filter((route) => route.method !== 'ALL' && !route.path.endsWith('*')).map((route) => `${route.method} ${route.path}`));
    const listed = new Set(ROUTES.map((route) => `${route.method} ${route.pattern}`));
    expect([...registered].sort()).toEqual([...listed].sort());
  });
});

describe('open routes', () => {
  it('GET /api/health reports the database as up', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/config gives the payment provider key (none in tests)', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stripePublishableKey: null });
  });

  it('/api/login and /api/logout hand over to the app', async () => {
    const login = await t.request('GET', '/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/?auth=signin');
    const logout = await t.request('GET', '/api/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/?logout=1');
  });

  it('GET /api/subscription-status reports a new seller as trialing', async () => {
    const res = await t.request<{ status: string; trialEndsAt: string }>('GET', '/api/subscription-status', {
      token: accounts.seller.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trialing');
    expect(res.body.trialEndsAt).toBe(accounts.seller.user.trialEndsAt);
  });

  it('POST /api/create-subscription says payments are not configured (503)', async () => {
    const res = await t.request<ErrorBody>('POST', '/api/create-subscription', { token: accounts.seller.token });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Payments are not set up on this server yet.');
  });
});

/**
 * Every route that names a resource by id, called on a real resource by its
 * owner and by strangers (another seller, another buyer). Strangers are refused
 * and change nothing; the owner gets through. A new route with a path
 * parameter fails the last test until it has an entry here.
 */
type World = { productId: string; menuId: string; savedMenuId: string; inquiryId: string; customerId: string; priceListId: string; orderId: string };
type OwnedRoute = {
  method: Method;
  pattern: string;
  path: (world: World) => string;
  owner: 'seller' | 'buyer';
  body?: unknown | ((world: World) => unknown);
  /** Brings the order to where the move is allowed, by the owner's side. */
  after?: readonly string[];
};

const orderRoute = (method: Method, move: string, owner: 'seller' | 'buyer', extra: Partial<OwnedRoute> = {}): OwnedRoute => ({
  method,
  pattern: `/api/orders/:id/${move}`,
  path: (w) => `/api/orders/${w.orderId}/${move}`,
  owner,
  ...extra,
});
const raisedLines = (w: World) => ({ lines: [{ productId: w.productId, quantity: '3' }] });

const OWNED_ROUTES: OwnedRoute[] = [
  { method: 'PUT', pattern: '/api/products/:id', path: (w) => `/api/products/${w.productId}`, owner: 'seller', body: { strainName: 'Taken over' } },
  { method: 'DELETE', pattern: '/api/products/:id', path: (w) => `/api/products/${w.productId}`, owner: 'seller' },
  { method: 'PATCH', pattern: '/api/customers/:id', path: (w) => `/api/customers/${w.customerId}`, owner: 'seller', body: { name: 'Taken over' } },
  { method: 'DELETE', pattern: '/api/customers/:id', path: (w) => `/api/customers/${w.customerId}`, owner: 'seller' },
  { method: 'POST', pattern: '/api/customers/:id/invitations', path: (w) => `/api/customers/${w.customerId}/invitations`, owner: 'seller', body: { delivery: 'link' } },
  { method: 'PUT', pattern: '/api/price-lists/:id', path: (w) => `/api/price-lists/${w.priceListId}`, owner: 'seller', body: { name: 'Taken over' } },
  { method: 'DELETE', pattern: '/api/price-lists/:id', path: (w) => `/api/price-lists/${w.priceListId}`, owner: 'seller' },
  { method: 'GET', pattern: '/api/menus/:id', path: (w) => `/api/menus/${w.menuId}`, owner: 'seller' },
  { method: 'PUT', pattern: '/api/menus/:id', path: (w) => `/api/menus/${w.menuId}`, owner: 'seller', body: { name: 'Taken over' } },
  { method: 'DELETE', pattern: '/api/menus/:id', path: (w) => `/api/menus/${w.menuId}`, owner: 'seller' },
  { method: 'POST', pattern: '/api/menus/:id/regenerate-link', path: (w) => `/api/menus/${w.menuId}/regenerate-link`, owner: 'seller' },
  { method: 'GET', pattern: '/api/menus/:id/insights', path: (w) => `/api/menus/${w.menuId}/insights`, owner: 'seller' },
  { method: 'DELETE', pattern: '/api/saved-menus/:id', path: (w) => `/api/saved-menus/${w.savedMenuId}`, owner: 'buyer' },
  { method: 'GET', pattern: '/api/inquiries/:id', path: (w) => `/api/inquiries/${w.inquiryId}`, owner: 'buyer' },
  { method: 'GET', pattern: '/api/inquiries/:id', path: (w) => `/api/inquiries/${w.inquiryId}`, owner: 'seller' },
  {
    method: 'POST',
    pattern: '/api/inquiries/:id/messages',
    path: (w) => `/api/inquiries/${w.inquiryId}/messages`,
    owner: 'buyer',
    body: { id: randomUUID(), body: 'Hello again' },
  },
  { method: 'POST', pattern: '/api/inquiries/:id/status', path: (w) => `/api/inquiries/${w.inquiryId}/status`, owner: 'seller', body: { status: 'declined' } },
  { method: 'POST', pattern: '/api/inquiries/:id/read', path: (w) => `/api/inquiries/${w.inquiryId}/read`, owner: 'buyer' },
  { method: 'GET', pattern: '/api/orders/:id', path: (w) => `/api/orders/${w.orderId}`, owner: 'buyer' },
  { method: 'GET', pattern: '/api/orders/:id', path: (w) => `/api/orders/${w.orderId}`, owner: 'seller' },
  { method: 'GET', pattern: '/api/orders/:id/invoice.pdf', path: (w) => `/api/orders/${w.orderId}/invoice.pdf`, owner: 'buyer' },
  orderRoute('POST', 'accept', 'seller'),
  orderRoute('POST', 'reject', 'seller', { body: { reason: 'Out of season' } }),
  orderRoute('POST', 'cancel', 'buyer'),
  orderRoute('PUT', 'lines', 'seller', { body: raisedLines }),
  orderRoute('POST', 'approve', 'buyer', { after: ['lines'] }),
  orderRoute('POST', 'fulfil', 'seller', { after: ['accept'] }),
  orderRoute('POST', 'deliver', 'seller', { after: ['accept', 'fulfil'], body: { lines: [] } }),
  orderRoute('POST', 'payments', 'seller', { after: ['accept'], body: { amount: '1.00', method: 'cash', receivedAt: '2026-01-02' } }),
  orderRoute('POST', 'reorder', 'buyer'),
];
/** Path-parameter routes with no owner: open to anyone, or to admins over every account (the role matrix above). */
const UNOWNED_PARAM_ROUTES = new Set([
  'GET /api/public/menu/:publicLinkId',
  'GET /api/public/menu/:publicLinkId/events',
  // A ticket to any shared menu's stream: what it opens is the menu its viewer could open anyway.
  'POST /api/public/menu/:publicLinkId/events/ticket',
  'GET /api/public/menu/:publicLinkId/view.gif',
  'POST /api/public/menu/:publicLinkId/products/:productId/open',
  'GET /uploads/:file',
  'GET /api/admin/customers/:id',
  'PATCH /api/admin/customers/:id',
  'POST /api/admin/customers/:id/extend-trial',
  // Another team's invitations and members answer not found (api/team/team-invitations.test.ts).
  'POST /api/team/invitations/:id/resend',
  'DELETE /api/team/invitations/:id',
  'PATCH /api/team/members/:userId',
  'DELETE /api/team/members/:userId',
]);

describe('ownership', () => {
  const parties = {} as Record<'seller' | 'buyer' | 'otherSeller' | 'otherBuyer', AuthResponse>;
  beforeAll(async () => {
    parties.seller = await t.registerUser('seller');
    parties.buyer = await t.registerUser('buyer');
    parties.otherSeller = await t.registerUser('seller');
    parties.otherBuyer = await t.registerUser('buyer');
  });

  /** A seller's product in a public menu, saved by a buyer who asked for it. */
  async function world(): Promise<World> {
    // Each world's order request counts against the buyer's messages a minute: a minute passes between worlds.
    t.clock.advance(60_000);
    const product = await t.request<{ id: string }>('POST', '/api/products', {
      token: parties.seller.token,
      body: { strainName: 'Owned', pricePerUnit: '10.00', availableQuantity: '100' },
    });
    const menu = await t.request<{ id: string }>('POST', '/api/menus', {
      token: parties.seller.token,
      body: { name: 'Owned menu', productIds: [product.body.id], isPublic: true },
    });
    const saved = await t.request<{ id: string }>('POST', '/api/saved-menus', { token: parties.buyer.token, body: { menuId: menu.body.id } });
    const inquiry = await t.request<{ id: string }>('POST', '/api/inquiries', {
      token: parties.buyer.token,
      body: { id: randomUUID(), menuId: menu.body.id, kind: 'order', items: [{ productId: product.body.id, quantity: '2' }] },
    });
    const customer = await t.request<{ id: string }>('POST', '/api/customers', { token: parties.seller.token, body: { name: 'Owned customer' } });
    const priceList = await t.request<{ id: string }>('POST', '/api/price-lists', { token: parties.seller.token, body: { name: 'Owned list' } });
    const order = await t.request<{ id: string }>('POST', '/api/orders', {
      token: parties.buyer.token,
      body: { id: randomUUID(), menuId: menu.body.id, lines: [{ productId: product.body.id, quantity: '2' }] },
    });
    for (const res of [product, menu, saved, inquiry, customer, priceList, order]) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return {
      productId: product.body.id,
      menuId: menu.body.id,
      savedMenuId: saved.body.id,
      inquiryId: inquiry.body.id,
      customerId: customer.body.id,
      priceListId: priceList.body.id,
      orderId: order.body.id,
    };
  }

  /** Every row of every table: what a refused stranger must leave exactly as it was. */
  function everything(): Promise<unknown> {
    return everyRow(t.services.db.read);
  }

  it.each(OWNED_ROUTES)('$method $pattern: strangers are refused and change nothing, the $owner gets through', async (route) => {
    const w = await world();
    for (const step of route.after ?? []) {
      const res = await t.request(step === 'lines' ? 'PUT' : 'POST', `/api/orders/${w.orderId}/${step}`, {
        token: parties.seller.token,
        body: step === 'lines' ? raisedLines(w) : undefined,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const body = typeof route.body === 'function' ? (route.body as (world: World) => unknown)(w) : route.body;
    const before = await everything();
    for (const stranger of ['otherSeller', 'otherBuyer'] as const) {
      const res = await t.request<ErrorBody>(route.method, route.path(w), { token: parties[stranger].token, body });
      expect([403, 404], `${stranger}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body.message, stranger).toEqual(expect.any(String));
    }
    expect(await everything()).toEqual(before);
    const owner = await t.request(route.method, route.path(w), { token: parties[route.owner].token, body });
    expect(owner.status, JSON.stringify(owner.body)).toBeLessThan(300);
  });

  it('names every route with a path parameter', () => {
    const registered = new Set(t.app.routes.filter((route) => route.path.includes('/:')).map((route) => `${route.method} ${route.path}`));
    const listed = new Set([...OWNED_ROUTES.map((route) => `${route.method} ${route.pattern}`), ...UNOWNED_PARAM_ROUTES]);
    expect([...registered].sort()).toEqual([...listed].sort());
  });
});
