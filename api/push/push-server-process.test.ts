/**
 * The real server as a process, as it runs: it trusts the stand-in push service's certificate through
 * NODE_EXTRA_CA_CERTS only (as it trusts the browsers' push services through the system's authorities), makes its
 * VAPID pair on first start and keeps it, and a buyer's order reaches the seller's device decryptable.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import { pushMessageSchema } from '../../sync/entities/push';
import type { AuthResponse } from '../../sync/entities/user';
import { startPushStandIn, type PushStandIn } from '../testing/push-stand-in';
import { spawnServer, type ServerProcess } from '../testing/server-process';

let standIn: PushStandIn;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  standIn = await startPushStandIn();
  dataDir = mkdtempSync(join(tmpdir(), 'menus-push-'));
});
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await standIn?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The test's environment, less what would point the server elsewhere (a database, Redis, keys of its own). */
const { DATABASE_URL: _database, REDIS_URL: _redis, VAPID_PUBLIC_KEY: _public, VAPID_PRIVATE_KEY: _private, ...inherited } = process.env;

async function start(): Promise<{ url: string; server: ServerProcess }> {
  const server = spawnServer({
    ...inherited,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    REGISTRATIONS_PER_HOUR: '1000',
    PUSH_SERVICE_ORIGINS: standIn.origin,
    NODE_EXTRA_CA_CERTS: standIn.caCertPath,
  });
  servers.push(server);
  return { url: await server.listening, server };
}

async function call<T>(url: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

it("pushes a buyer's order to the seller's device through HTTPS it trusts by NODE_EXTRA_CA_CERTS, signed with the pair it keeps", async () => {
  const { url, server } = await start();
  const register = (role: 'seller' | 'buyer', name: Record<string, string>) =>
    call<AuthResponse>(url, 'POST', '/api/auth/register', null, { email: `${role}-${randomUUID()}@test.example`, password: 'push-test-password', firstName: 'Pat', role, ...name });
  const seller = await register('seller', {});
  const buyer = await register('buyer', {});
  await call(url, 'PUT', '/api/auth/user', buyer.token, { companyName: 'Corner Dispensary' });
  const product = await call<Product>(url, 'POST', '/api/products', seller.token, { strainName: 'Gelato', pricePerUnit: '1450.00', unitType: 'lb', availableQuantity: '10' });
  const menu = await call<Menu>(url, 'POST', '/api/menus', seller.token, { name: 'Wholesale List', isPublic: true, productIds: [product.id] });
  const device = standIn.subscribe();
  await call(url, 'POST', '/api/push/subscriptions', seller.token, device);
  const { publicKey } = await call<{ publicKey: string }>(url, 'GET', '/api/push/key', null);

  const order = await call<Order>(url, 'POST', '/api/orders', buyer.token, { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '2' }] });
  await expect.poll(() => standIn.received.filter((push) => push.endpoint === device.endpoint).length, { timeout: 60_000 }).toBe(1);
  const [push] = standIn.received.filter((received) => received.endpoint === device.endpoint);
  expect(push!.vapidKey).toBe(publicKey);
  expect(pushMessageSchema.parse(push!.message)).toMatchObject({
    title: `New order ${order.number} from Corner Dispensary`,
    url: `/orders/${order.id}`,
    badgeCount: 1,
    body: expect.stringContaining('$2,900.00') as unknown,
  });

  // Started again on the same data, it signs with the same pair: the browsers' subscriptions stay good.
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const again = await start();
  expect(await call<{ publicKey: string }>(again.url, 'GET', '/api/push/key', null)).toEqual({ publicKey });
  // Two starts of the server: each may take many seconds on a busy machine.
}, 180_000);
