/**
 * Hostile input, generated: every JSON body and every query the API reads,
 * filled with what fast-check makes of the field names the schemas use (wrong
 * types, huge and empty strings, nesting, broken JSON). Whatever comes, the
 * answer is never a 5xx; a refusal is a 4xx with a message and writes
 * nothing (every table's row count is the same before and after).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as adminEntities from '../../sync/entities/admin';
import * as browseEntities from '../../sync/entities/browse';
import * as customerEntities from '../../sync/entities/customer';
import * as inquiryEntities from '../../sync/entities/inquiry';
import * as orderEntities from '../../sync/entities/order';
import * as menuEntities from '../../sync/entities/menu';
import * as metrcEntities from '../../sync/entities/metrc';
import * as photoEntities from '../../sync/entities/photo';
import * as priceListEntities from '../../sync/entities/price-list';
import * as pushEntities from '../../sync/entities/push';
import * as productEntities from '../../sync/entities/product';
import * as savedMenuEntities from '../../sync/entities/saved-menu';
import * as userEntities from '../../sync/entities/user';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { MUTATION_NAMES } from '../../sync/contract/mutations';
import { isPostgres } from '../db/sql-dialect';
import { tableNames } from '../testing/database-tables';
import { MetrcStandIn, STAND_IN_VENDOR_KEY } from '../testing/metrc-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedForThisTest } from '../../sync/testing/seeded-random';

/**
 * Requests in all, spread over the targets. PostgreSQL answers each over a connection, several times slower than
 * SQLite in the same process: it takes fewer, as the same generators and routes run on both.
 */
const totalRequests = () => (isPostgres(t.services.db.read) ? 4_000 : 10_000);

/** Every key of every object schema the entities export: the names a hostile client would try. */
const FIELD_NAMES = [
  ...new Set(
    [
      adminEntities,
      browseEntities,
      customerEntities,
      inquiryEntities,
      menuEntities,
      metrcEntities,
      orderEntities,
      photoEntities,
      priceListEntities,
      productEntities,
      pushEntities,
      savedMenuEntities,
      userEntities,
    ]
      .flatMap((module) => Object.values(module))
      .filter((value): value is z.ZodObject => value instanceof z.ZodObject)
      .flatMap((schema) => Object.keys(schema.shape)),
  ),
];

const nastyText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  "' OR 1=1 --",
  '\u0000',
  '💥'.repeat(50),
  'x'.repeat(5000),
  '"*"',
  'NEAR(',
  'a AND',
);
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 300 }),
  nastyText,
  fc.integer(),
  fc.double(),
  fc.uuid(),
  fc.constant(null),
  fc.array(fc.oneof(fc.uuid(), fc.integer(), nastyText), { maxLength: 4 }),
);
const fields = fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 });
const jsonText = (fieldsArbitrary: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: fieldsArbitrary.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 200 }), nastyText) },
  );
const pushBody = fc.record(
  {
    clientId: fc.oneof(fc.uuid(), value),
    mutations: fc.oneof(
      fc.array(fc.record({ seq: fc.oneof(fc.nat(), value), name: fc.oneof(fc.constantFrom(...MUTATION_NAMES), fc.string()), args: fields }, { requiredKeys: [] }), {
        maxLength: 5,
      }),
      value,
    ),
  },
  { requiredKeys: [] },
);
const queryValue = fc.oneof(fc.string({ maxLength: 100 }), nastyText, fc.integer().map(String), fc.uuid());

type Caller = 'seller' | 'buyer' | 'admin' | 'anonymous';
type Target = { method: 'POST' | 'PUT' | 'PATCH' | 'GET'; pattern: string; caller: Caller; path: () => fc.Arbitrary<string>; body?: fc.Arbitrary<string> };

let t: TestApp;
const accounts = {} as Record<Exclude<Caller, 'anonymous'>, AuthResponse>;
let product: Product;
let menu: Menu;
let inquiryId: string;
let orderId: string;
let customerId: string;
let priceListId: string;
let countRows: () => Promise<Record<string, number>>;

/** A path parameter: the caller's real id, someone else's or none, or junk. */
const idParam = (real: () => string) =>
  fc.oneof(
    fc.constant(null).map(() => real()),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  );
const fixed = (path: string) => () => fc.constant(path);
const query = (path: string, keys: string[]) => () =>
  fc.dictionary(fc.constantFrom(...keys), queryValue, { maxKeys: keys.length }).map((entries) => `${path}?${new URLSearchParams(entries)}`);

const TARGETS: Target[] = [
  { method: 'POST', pattern: '/api/auth/register', caller: 'anonymous', path: fixed('/api/auth/register'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/auth/login', caller: 'anonymous', path: fixed('/api/auth/login'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/auth/forgot-password', caller: 'anonymous', path: fixed('/api/auth/forgot-password'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/auth/reset-password', caller: 'anonymous', path: fixed('/api/auth/reset-password'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/account/password', caller: 'buyer', path: fixed('/api/account/password'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/account/email', caller: 'buyer', path: fixed('/api/account/email'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/account/confirm-email', caller: 'anonymous', path: fixed('/api/account/confirm-email'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/account/notifications', caller: 'buyer', path: fixed('/api/account/notifications'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/account/push-notifications', caller: 'buyer', path: fixed('/api/account/push-notifications'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/push/subscriptions', caller: 'buyer', path: fixed('/api/push/subscriptions'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/account/delete', caller: 'buyer', path: fixed('/api/account/delete'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/auth/user', caller: 'buyer', path: fixed('/api/auth/user'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/products', caller: 'seller', path: fixed('/api/products'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/team/invitations', caller: 'seller', path: fixed('/api/team/invitations'), body: jsonText(fields) },
  { method: 'PATCH', pattern: '/api/team/members/:userId', caller: 'seller', path: () => idParam(() => product.id).map((id) => `/api/team/members/${id}`), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/team/join', caller: 'buyer', path: fixed('/api/team/join'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/products/:id', caller: 'seller', path: () => idParam(() => product.id).map((id) => `/api/products/${id}`), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/menus', caller: 'seller', path: fixed('/api/menus'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/menus/:id', caller: 'seller', path: () => idParam(() => menu.id).map((id) => `/api/menus/${id}`), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/customers', caller: 'seller', path: fixed('/api/customers'), body: jsonText(fields) },
  { method: 'PATCH', pattern: '/api/customers/:id', caller: 'seller', path: () => idParam(() => customerId).map((id) => `/api/customers/${id}`), body: jsonText(fields) },
  {
    method: 'POST',
    pattern: '/api/customers/:id/invitations',
    caller: 'seller',
    path: () => idParam(() => customerId).map((id) => `/api/customers/${id}/invitations`),
    body: jsonText(fields),
  },
  { method: 'POST', pattern: '/api/customer-invitations/accept', caller: 'buyer', path: fixed('/api/customer-invitations/accept'), body: jsonText(fields) },
  { method: 'GET', pattern: '/api/customer-invitations/preview', caller: 'anonymous', path: query('/api/customer-invitations/preview', ['token']) },
  { method: 'POST', pattern: '/api/price-lists', caller: 'seller', path: fixed('/api/price-lists'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/price-lists/:id', caller: 'seller', path: () => idParam(() => priceListId).map((id) => `/api/price-lists/${id}`), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/saved-menus', caller: 'buyer', path: fixed('/api/saved-menus'), body: jsonText(fields) },
  {
    method: 'PATCH',
    pattern: '/api/admin/customers/:id',
    caller: 'admin',
    path: () => idParam(() => accounts.seller.user.id).map((id) => `/api/admin/customers/${id}`),
    body: jsonText(fields),
  },
  {
    method: 'POST',
    pattern: '/api/admin/customers/:id/extend-trial',
    caller: 'admin',
    path: () => idParam(() => accounts.seller.user.id).map((id) => `/api/admin/customers/${id}/extend-trial`),
    body: jsonText(fields),
  },
  { method: 'POST', pattern: '/api/inquiries', caller: 'buyer', path: fixed('/api/inquiries'), body: jsonText(fields) },
  {
    method: 'POST',
    pattern: '/api/inquiries/:id/messages',
    caller: 'buyer',
    path: () => idParam(() => inquiryId).map((id) => `/api/inquiries/${id}/messages`),
    body: jsonText(fields),
  },
  {
    method: 'POST',
    pattern: '/api/inquiries/:id/status',
    caller: 'seller',
    path: () => idParam(() => inquiryId).map((id) => `/api/inquiries/${id}/status`),
    body: jsonText(fields),
  },
  { method: 'POST', pattern: '/api/orders', caller: 'buyer', path: fixed('/api/orders'), body: jsonText(fields) },
  ...(
    [
      ['POST', 'accept', 'seller'],
      ['POST', 'reject', 'seller'],
      ['POST', 'cancel', 'buyer'],
      ['PUT', 'lines', 'seller'],
      ['POST', 'approve', 'buyer'],
      ['POST', 'fulfil', 'seller'],
      ['POST', 'deliver', 'seller'],
      ['POST', 'payments', 'seller'],
      ['POST', 'reorder', 'buyer'],
    ] as const
  ).map(([method, move, caller]): Target => ({
    method,
    pattern: `/api/orders/:id/${move}`,
    caller,
    path: () => idParam(() => orderId).map((id) => `/api/orders/${id}/${move}`),
    body: jsonText(fields),
  })),
  { method: 'GET', pattern: '/api/orders', caller: 'seller', path: query('/api/orders', ['status', 'q', 'limit', 'offset']) },
  { method: 'POST', pattern: '/api/analytics/notifications/read', caller: 'seller', path: fixed('/api/analytics/notifications/read'), body: jsonText(fields) },
  { method: 'PUT', pattern: '/api/integrations/metrc', caller: 'seller', path: fixed('/api/integrations/metrc'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/metrc/import', caller: 'seller', path: fixed('/api/metrc/import'), body: jsonText(fields) },
  { method: 'POST', pattern: '/api/sync/push', caller: 'seller', path: fixed('/api/sync/push'), body: jsonText(pushBody) },
  { method: 'POST', pattern: '/api/stripe/webhook', caller: 'anonymous', path: fixed('/api/stripe/webhook'), body: jsonText(fields) },
  { method: 'GET', pattern: '/api/browse', caller: 'buyer', path: query('/api/browse', ['q', 'category', 'sellerId', 'cursor', 'limit']) },
  { method: 'GET', pattern: '/api/sync/pull', caller: 'seller', path: query('/api/sync/pull', ['cursor', 'clientId']) },
  { method: 'GET', pattern: '/api/admin/customers', caller: 'admin', path: query('/api/admin/customers', ['search', 'role']) },
];

/** Routes that take a body but not JSON (a file; a mail client's one-click form post), each proven by its own tests. */
const NOT_JSON = new Set(['POST /api/upload', 'POST /api/mail/unsubscribe']);
/** Routes that take a body and read none of it. */
const NO_BODY_READ = new Set([
  'POST /api/auth/logout',
  'POST /api/menus/:id/regenerate-link',
  'POST /api/create-subscription',
  'POST /api/billing/portal',
  'POST /api/inquiries/:id/read',
  'POST /api/team/invitations/:id/resend',
  'POST /api/account/confirm-email/resend',
  'POST /api/public/menu/:publicLinkId/products/:productId/open',
  'POST /api/public/menu/:publicLinkId/events/ticket',
  'POST /api/metrc/refresh',
]);

// Metrc knows no key the generators make up: a well-formed connection is refused by it, as a stranger's would be.
const metrc = new MetrcStandIn('mi');

beforeAll(async () => {
  const metrcBase = await metrc.start();
  t = createTestApp({ env: { METRC_VENDOR_KEY: STAND_IN_VENDOR_KEY, METRC_API_BASE: `${metrcBase}/<state>` } });
  accounts.admin = await t.makeAdmin();
  accounts.seller = await t.registerUser('seller', { businessName: 'Fuzzed Farms' });
  accounts.buyer = await t.registerUser('buyer');
  product = (await t.request<Product>('POST', '/api/products', { token: accounts.seller.token, body: { strainName: 'Blue Dream', price: '10.00' } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: accounts.seller.token, body: { name: 'Fuzz menu', productIds: [product.id], isPublic: true } })).body;
  const inquiry = await t.request<{ id: string }>('POST', '/api/inquiries', {
    token: accounts.buyer.token,
    body: { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'Hello' },
  });
  expect(inquiry.status).toBe(201);
  inquiryId = inquiry.body.id;
  const stocked = (
    await t.request<Product>('POST', '/api/products', { token: accounts.seller.token, body: { strainName: 'Gelato', pricePerUnit: '10.00', availableQuantity: '1000' } })
  ).body;
  const orderMenu = (await t.request<Menu>('POST', '/api/menus', { token: accounts.seller.token, body: { name: 'Order menu', productIds: [stocked.id], isPublic: true } })).body;
  const order = await t.request<{ id: string }>('POST', '/api/orders', {
    token: accounts.buyer.token,
    body: { id: randomUUID(), menuId: orderMenu.id, lines: [{ productId: stocked.id, quantity: '1' }] },
  });
  expect(order.status).toBe(201);
  orderId = order.body.id;
  customerId = (await t.request<{ id: string }>('POST', '/api/customers', { token: accounts.seller.token, body: { name: 'Fuzzed Dispensary' } })).body.id;
  priceListId = (await t.request<{ id: string }>('POST', '/api/price-lists', { token: accounts.seller.token, body: { name: 'Fuzzed list' } })).body.id;
  const tables = await tableNames(t.services.db.read);
  const counting = sql.raw(`SELECT ${tables.map((name) => `(SELECT count(*) FROM "${name}") AS "${name}"`).join(', ')}`);
  countRows = async () => (await t.services.db.read.get<Record<string, number>>(counting))!;
});
afterAll(async () => {
  await t.close();
  await metrc.stop();
});

describe('generated bad input', () => {
  it('covers every route that reads a JSON body', () => {
    const bodyRoutes = t.app.routes
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.path.endsWith('*'))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !NOT_JSON.has(route) && !NO_BODY_READ.has(route));
    const covered = TARGETS.filter((target) => target.method !== 'GET').map((target) => `${target.method} ${target.pattern}`);
    expect([...new Set(bodyRoutes)].sort()).toEqual(covered.sort());
  });

  it('answers thousands of requests without a server error, refusing with a 4xx and a message and writing nothing', { timeout: 300_000 }, async () => {
    const total = totalRequests();
    const runsEach = Math.ceil(total / TARGETS.length);
    let sent = 0;
    const statuses = new Map<number, number>();
    const seed = seedForThisTest();
    for (const target of TARGETS) {
      const token = target.caller === 'anonymous' ? undefined : accounts[target.caller].token;
      await fc.assert(
        fc.asyncProperty(target.path(), target.body ?? fc.constant(undefined), async (path, body) => {
          const before = await countRows();
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (token) headers.authorization = `Bearer ${token}`;
          const response = await t.app.request(path, { method: target.method, headers, body });
          sent += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = await response.text();
          expect(response.status, `${target.method} ${path} ${body?.slice(0, 200)}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400) {
            const answer = JSON.parse(text) as { message?: unknown };
            expect(typeof answer.message === 'string' && answer.message.length > 0, `${target.method} ${path}: ${text.slice(0, 300)}`).toBe(true);
            expect(await countRows(), `${target.method} ${path} wrote while refusing`).toEqual(before);
          }
        }),
        { numRuns: runsEach, seed },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(total);
    // The generators must reach validation, not stop at the door: most answers are refusals of the input itself.
    expect((statuses.get(400) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(total / 2);
  });
});
