/**
 * Downloading an invoice again: drawn once per what it prints (off the request thread, counted here by the drawings
 * the worker pool was asked for), drawn anew when the order, a party or the day of issue changes, and under a
 * per-account quota that answers 429 with Retry-After, counted across processes when they share Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { createApp } from '../app';
import { INVOICE_DOWNLOADS_PER_MINUTE, Quotas } from '../limits/quotas';
import { RedisLimitStore } from '../platform/limits/redis-limit-store';
import { WorkerPool } from '../platform/worker-pool';
import { pdfText } from '../testing/pdf-text';
import { describeWithRedis, REDIS_URL_TEST, testRedisConnections, testRedisPrefix } from '../testing/shared-services';
import { createTestApp, DAY_MS, type TestApp } from '../testing/test-app';
import { InvoicePdfs, RENDER_INVOICE } from './invoice-pdfs';

const MINUTE_MS = 60_000;

/** A test app whose invoices are drawn on its own worker pool, counting the drawings. */
function countingApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const workers = new WorkerPool();
  const drawn = { count: 0 };
  const invoicePdfs = new InvoicePdfs((data) => {
    drawn.count += 1;
    return workers.run(RENDER_INVOICE, data);
  });
  const t = createTestApp({ now: () => new Date('2031-06-01T09:00:00.000Z'), ...options, overrides: { workers, invoicePdfs, ...options.overrides } });
  return { t, drawn };
}

async function ok<T>(t: TestApp, method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
  const res = await t.request<T>(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

/** A seller with one product on a public menu: `place` makes a buyer's order of it, delivered. */
async function sellerWithMenu(t: TestApp) {
  const seller = await t.registerUser('seller', { businessName: 'Emerald Valley Farms' });
  const product = await ok<Product>(t, 'POST', '/api/products', seller.token, { strainName: 'Blue Dream', pricePerUnit: '1200.00', unitType: 'lb', availableQuantity: '100' }, 201);
  const menu = await ok<Menu>(t, 'POST', '/api/menus', seller.token, { name: 'Wholesale', isPublic: true, productIds: [product.id] }, 201);
  const place = async (buyer: AuthResponse): Promise<Order> => {
    const order = await ok<Order>(t, 'POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '2' }] }, 201);
    for (const step of ['accept', 'fulfil']) await ok<Order>(t, 'POST', `/api/orders/${order.id}/${step}`, seller.token);
    return ok<Order>(t, 'POST', `/api/orders/${order.id}/deliver`, seller.token, { lines: [{ productId: product.id, deliveredQuantity: '2' }] });
  };
  return { seller, place };
}

/** The invoice as the browser gets it. */
async function download(app: { request: TestApp['app']['request'] }, order: Order, token: string, headers: Record<string, string> = {}) {
  const res = await app.request(`/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: () => pdfText(bytes).then((pages) => pages.join(' ')) };
}

describe('downloading an invoice again', () => {
  let t: TestApp;
  let drawn: { count: number };
  let seller: AuthResponse;
  let place: (buyer: AuthResponse) => Promise<Order>;

  beforeAll(async () => {
    ({ t, drawn } = countingApp());
    ({ seller, place } = await sellerWithMenu(t));
  });
  afterAll(() => t.close());

  it('hands out the same PDF without drawing it again, and answers 304 to a copy that is still current', async () => {
    const buyer = await t.registerUser('buyer', { companyName: 'Green Leaf Dispensary' });
    const order = await place(buyer);
    const before = drawn.count;
    const first = await download(t.app, order, buyer.token);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Blue Dream 2 lb 2 lb $1,200.00 - $1,200.00 $2,400.00');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await download(t.app, order, buyer.token);
    const bySeller = await download(t.app, order, seller.token);
    expect(again.bytes).toEqual(first.bytes);
    expect(bySeller.bytes).toEqual(first.bytes);
    expect(again.headers.get('etag')).toBe(etag);

    const current = await download(t.app, order, buyer.token, { 'if-none-match': etag! });
    expect(current.status).toBe(304);
    expect(current.bytes.length).toBe(0);
    expect(drawn.count - before).toBe(1);
  });

  it('draws it once for four downloads at once', async () => {
    const buyer = await t.registerUser('buyer', { companyName: 'Four Loops Inc' });
    const order = await place(buyer);
    const before = drawn.count;
    const answers = await Promise.all(Array.from({ length: 4 }, () => download(t.app, order, buyer.token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.bytes).toEqual(answers[0]!.bytes);
    expect(drawn.count - before).toBe(1);
  });

  it('draws a new one once the order changes, and the old copy is no longer current', async () => {
    const buyer = await t.registerUser('buyer', { companyName: 'Paid Up Dispensary' });
    const order = await place(buyer);
    const first = await download(t.app, order, buyer.token);
    expect(await first.text()).toContain('Amount paid $0.00');
    const before = drawn.count;

    await ok<Order>(t, 'POST', `/api/orders/${order.id}/payments`, seller.token, { amount: '500.00', method: 'check', receivedAt: '2031-06-01' });
    const changed = await download(t.app, order, buyer.token, { 'if-none-match': first.headers.get('etag')! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await changed.text()).toContain('Amount paid $500.00');
    expect(await changed.text()).toContain('Amount due $1,900.00');
    expect(drawn.count - before).toBe(1);
  });

  it("draws a new one once the seller's business name changes", async () => {
    const buyer = await t.registerUser('buyer', { companyName: 'Renamed Sellers Fan Club' });
    const order = await place(buyer);
    expect(await (await download(t.app, order, buyer.token)).text()).toContain('Emerald Valley Farms');
    await ok(t, 'PUT', '/api/auth/user', seller.token, { businessName: 'Emerald Valley Growers' });
    const renamed = await (await download(t.app, order, buyer.token)).text();
    expect(renamed).toContain('Emerald Valley Growers');
    expect(renamed).not.toContain('Emerald Valley Farms');
  });
});

describe('an invoice downloaded on a later day', () => {
  it('is issued that day, not the day it was first drawn', async () => {
    const { t, drawn } = countingApp();
    try {
      const { place } = await sellerWithMenu(t);
      const buyer = await t.registerUser('buyer');
      const order = await place(buyer);
      expect(await (await download(t.app, order, buyer.token)).text()).toContain('Issued Jun 1, 2031');
      const before = drawn.count;
      t.clock.advance(DAY_MS);
      expect(await (await download(t.app, order, buyer.token)).text()).toContain('Issued Jun 2, 2031');
      expect(drawn.count - before).toBe(1);
    } finally {
      await t.close();
    }
  });
});

/** Downloads by `buyer` until one is refused, through `apps` in turn: how many went through, and the refusal. */
async function downloadUntilRefused(apps: Array<{ request: TestApp['app']['request'] }>, order: Order, buyer: AuthResponse) {
  for (let tries = 0; tries <= INVOICE_DOWNLOADS_PER_MINUTE; tries++) {
    const res = await apps[tries % apps.length]!.request(`/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${buyer.token}` } });
    if (res.status !== 200) return { through: tries, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
  }
  throw new Error('No download was refused');
}

describe('the invoice download quota', () => {
  it('refuses a person past it with 429, Retry-After and a plain message, leaves others alone, and lets them again later', async () => {
    const { t } = countingApp();
    try {
      const { seller, place } = await sellerWithMenu(t);
      const buyer = await t.registerUser('buyer');
      const order = await place(buyer);
      const refused = await downloadUntilRefused([t.app], order, buyer);
      expect(refused).toMatchObject({ through: INVOICE_DOWNLOADS_PER_MINUTE, status: 429, retryAfter: '60' });
      expect(refused.body).toEqual({ reason: 'rate_limited', message: 'You have downloaded many invoices in a short time. Please try again in 1 minute.' });
      expect((await download(t.app, order, seller.token)).status).toBe(200);
      t.clock.advance(MINUTE_MS);
      expect((await download(t.app, order, buyer.token)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describeWithRedis('the invoice download quota, with processes sharing Redis', () => {
  const connect = testRedisConnections();

  it('counts a person across the processes: spreading downloads over two meets one limit', async () => {
    const prefix = testRedisPrefix();
    const { t } = countingApp({ env: { REDIS_URL: REDIS_URL_TEST!, REDIS_KEY_PREFIX: prefix } });
    try {
      const { place } = await sellerWithMenu(t);
      const buyer = await t.registerUser('buyer');
      const order = await place(buyer);
      // Another process: the same database, a Redis connection of its own.
      const quotas = new Quotas(new RedisLimitStore(connect(prefix).commands, () => t.clock.now().getTime()), 100_000);
      const other = createApp({ ...t.services, quotas });
      expect(await downloadUntilRefused([t.app, other], order, buyer)).toMatchObject({ through: INVOICE_DOWNLOADS_PER_MINUTE, status: 429 });
    } finally {
      await t.close();
    }
  });
});
