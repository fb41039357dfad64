/**
 * The invoice is drawn on a worker thread, which loads the TypeScript renderer itself: proven here in the server
 * process as it runs in production, both as the Dockerfile starts it (`node --import tsx`) and as `npm start` does
 * (tsx's own command), and stopped cleanly afterwards with its worker threads.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Order } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { pdfText } from '../testing/pdf-text';
import { NODE_IMPORTING_TSX, spawnServer, TSX_COMMAND } from '../testing/server-process';
import { TEST_PASSWORD } from '../testing/test-app';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function call<T>(url: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as T;
  expect(res.ok, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

const register = (url: string, role: 'seller' | 'buyer') =>
  call<AuthResponse>(url, 'POST', '/api/auth/register', { email: `${role}-${randomUUID()}@test.example`, password: TEST_PASSWORD, firstName: 'Sam', role });

describe.each([
  ['as the Dockerfile starts it', NODE_IMPORTING_TSX],
  ['as npm start starts it', TSX_COMMAND],
])('the server process, %s', (_how, runner) => {
  it('hands out an invoice drawn on its worker pool, then stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'menus-invoice-process-'));
    dirs.push(dataDir);
    const { JWT_SECRET: _inherited, ...inheritedEnv } = process.env;
    const server = spawnServer({ ...inheritedEnv, NODE_ENV: 'production', JWT_SECRET: randomUUID().repeat(2), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' }, undefined, runner);
    try {
      const url = await server.listening;
      const seller = await register(url, 'seller');
      const buyer = await register(url, 'buyer');
      const product = await call<Product>(
        url,
        'POST',
        '/api/products',
        { strainName: 'Blue Dream', pricePerUnit: '1200.00', unitType: 'lb', availableQuantity: '10' },
        seller.token,
      );
      const menu = await call<Menu>(url, 'POST', '/api/menus', { name: 'Wholesale', isPublic: true, productIds: [product.id] }, seller.token);
      const order = await call<Order>(url, 'POST', '/api/orders', { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '2.5' }] }, buyer.token);

      const invoice = await fetch(`${url}/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${buyer.token}` } });
      expect(invoice.status, server.output()).toBe(200);
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      const [page] = await pdfText(new Uint8Array(await invoice.arrayBuffer()));
      expect(page).toContain(`INV-${order.number}`);
      expect(page).toContain('Blue Dream 2.5 lb - $1,200.00 - $1,200.00 $3,000.00');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
  });
});
