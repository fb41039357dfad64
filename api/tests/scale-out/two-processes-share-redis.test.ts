/**
 * Two API processes on one PostgreSQL and one Redis, as behind a load
 * balancer: a change made through one reaches an event stream and the
 * public menu cache of the other, and the sign-in throttle counts the
 * failures both saw. Each process is the real server, started apart.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { AuthResponse } from '../../../sync/entities/user';
import { eventReader } from '../../testing/event-reader';
import { spawnServer, type ServerProcess } from '../../testing/server-process';
import { freshPostgresDatabase } from '../../testing/postgres';
import { describeWithRedisAndPostgres, REDIS_URL_TEST, testRedisPrefix } from '../../testing/shared-services';

const PASSWORD = 'two-processes-password';

describeWithRedisAndPostgres('two API processes sharing one PostgreSQL and one Redis', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'menus-two-processes-'));
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let first: string;
  let second: string;
  let seller: AuthResponse;
  let product: Product;
  let menu: Menu;

  const call = async <T>(base: string, method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      JWT_SECRET: 'two-processes-secret-that-is-long-enough-0123',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL_TEST,
      REDIS_KEY_PREFIX: testRedisPrefix(),
    };
    // Both at once, as a deploy starts them: the migrations' lock lets one apply them and the other find them applied.
    for (let i = 0; i < 2; i++) servers.push(spawnServer(env));
    first = await servers[0]!.listening;
    second = await servers[1]!.listening;

    seller = (await call<AuthResponse>(first, 'POST', '/api/auth/register', { email: 'two@processes.test', password: PASSWORD, firstName: 'Tess', role: 'seller' })).body;
    product = (await call<Product>(first, 'POST', '/api/products', { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '50' }, seller.token)).body;
    menu = (await call<Menu>(first, 'POST', '/api/menus', { name: 'Shared', isPublic: true, productIds: [product.id] }, seller.token)).body;
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('says both are healthy, Redis included', async () => {
    for (const base of [first, second]) expect((await call(base, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('brings a change made through one process to an event stream held by the other within two seconds', async () => {
    const events = eventReader(await fetch(`${second}/api/public/menu/${menu.publicLinkId}/events`));
    try {
      expect((await events.next()).event).toBe('ready');
      expect((await events.next()).event).toBe('menu');
      const changedAt = Date.now();
      expect((await call(first, 'PUT', `/api/products/${product.id}`, { availableQuantity: '7' }, seller.token)).status).toBe(200);
      const change = await events.next(2_000);
      expect(Date.now() - changedAt).toBeLessThan(2_000);
      expect(change.event).toBe('menu');
      expect((JSON.parse(change.data) as PublicMenu).products[0]?.availableQuantity).toBe('7.000');
    } finally {
      await events.close();
    }
  });

  it('serves the public menu as changed through the other process, not as its own cache last kept it', async () => {
    // Read as the seller, whose own openings count no view: the second process then writes nothing itself that could move its clock.
    const read = async () => (await call<PublicMenu>(second, 'GET', `/api/public/menu/${menu.publicLinkId}`, undefined, seller.token)).body.products[0]?.pricePerUnit;
    expect(await read()).toBe('10.00');
    expect((await call(first, 'PUT', `/api/products/${product.id}`, { pricePerUnit: '12.50' }, seller.token)).status).toBe(200);
    await expect.poll(read, { timeout: 1_000 }).toBe('12.50');
  });

  it('refuses a session ended through the other process, not as its own cache last kept it', async () => {
    const signedIn = (await call<AuthResponse>(first, 'POST', '/api/auth/login', { email: 'two@processes.test', password: PASSWORD })).body;
    const me = async () => (await call(second, 'GET', '/api/auth/me', undefined, signedIn.token)).status;
    // Twice: the second answer comes from what the process keeps.
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);
    expect((await call(first, 'POST', '/api/auth/logout', undefined, signedIn.token)).status).toBe(204);
    await expect.poll(me, { timeout: 1_000 }).toBe(401);
    expect((await call(first, 'GET', '/api/auth/me', undefined, signedIn.token)).status).toBe(401);
  });

  it('counts wrong passwords tried through either process against one sign-in limit', async () => {
    const wrong = { email: 'two@processes.test', password: 'not-the-password' };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call(attempt % 2 === 0 ? first : second, 'POST', '/api/auth/login', wrong)).status).toBe(401);
    }
    for (const base of [first, second]) {
      const refused = await call<{ message: string }>(base, 'POST', '/api/auth/login', wrong);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts/);
    }
  });

  it('lets only as many acceptances win as there is stock when they race through both processes', async () => {
    const scarce = (await call<Product>(first, 'POST', '/api/products', { strainName: 'Last Units', pricePerUnit: '10', availableQuantity: '6' }, seller.token)).body;
    expect((await call(first, 'PUT', `/api/menus/${menu.id}`, { productIds: [product.id, scarce.id] }, seller.token)).status).toBe(200);
    const buyer = (await call<AuthResponse>(second, 'POST', '/api/auth/register', { email: 'buyer@processes.test', password: PASSWORD, firstName: 'Bo', role: 'buyer' })).body;
    const orders = await Promise.all(
      [first, second, first, second].map(async (base) => {
        const placed = await call<{ id: string }>(
          base,
          'POST',
          '/api/orders',
          { id: randomUUID(), menuId: menu.id, lines: [{ productId: scarce.id, quantity: '4' }] },
          buyer.token,
        );
        expect(placed.status).toBe(201);
        return placed.body.id;
      }),
    );
    const answers = await Promise.all(
      orders.map((id, index) => call<{ reason?: string }>(index % 2 ? second : first, 'POST', `/api/orders/${id}/accept`, undefined, seller.token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body.reason).toBe('insufficient_stock');
    const stock = (await call<Product[]>(second, 'GET', '/api/products', undefined, seller.token)).body.find((row) => row.id === scarce.id);
    expect(stock?.availableQuantity).toBe('2.000');
  });
});
