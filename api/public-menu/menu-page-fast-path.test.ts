/**
 * The menu page's fast path, through Node's real server: a repeat visit is
 * answered ahead of the framework with the same bytes and headers the app
 * sent, and anything it cannot answer (a first visit, a changed menu, an
 * unknown link) is left to the app.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { App } from '../app';
import { serveApp } from '../http/serve-app';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Wholesale Menus</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let site: App;
let server: Server;
let base: string;
let seller: Awaited<ReturnType<TestApp['registerUser']>>;
let product: Product;
let menu: Menu;

/** Headers that belong to one answer, not to the page. */
const OWN = new Set(['date', 'set-cookie', 'connection', 'keep-alive']);
const pageHeaders = (response: Response) => [...response.headers].filter(([name]) => !OWN.has(name));

beforeAll(async () => {
  t = createTestApp();
  site = siteWithShell(t, INDEX_HTML);
  server = serveApp(site, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  seller = await t.registerUser('seller');
  product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Blue Dream', pricePerUnit: '1450.00' } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Fall Harvest', productIds: [product.id] } })).body;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

describe('the menu page fast path', () => {
  it('answers a repeat visit itself, with the bytes and headers the app sent the first time', async () => {
    const answered = vi.spyOn(site.menuPageFastPath!, 'serve');
    const first = await fetch(`${base}/menu/${menu.publicLinkId}`, { headers: { 'accept-encoding': 'gzip' } });
    const firstHtml = await first.text();
    expect(firstHtml).toContain('Blue Dream');
    expect(await answered.mock.results[0]!.value).toBe(false);

    const again = await fetch(`${base}/menu/${menu.publicLinkId}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await answered.mock.results[1]!.value).toBe(true);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstHtml);
    expect(pageHeaders(again)).toEqual(pageHeaders(first));
    expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");

    const unchanged = await fetch(`${base}/menu/${menu.publicLinkId}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(unchanged.status).toBe(304);
    answered.mockRestore();
  });

  it('gives a new visitor an id and leaves one who brought it alone, as the app does', async () => {
    const stranger = await fetch(`${base}/menu/${menu.publicLinkId}`);
    expect(stranger.headers.get('set-cookie')).toMatch(/^wm_visitor=[0-9a-f-]{36}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const known = await fetch(`${base}/menu/${menu.publicLinkId}`, { headers: { cookie: 'wm_visitor=known-visitor' } });
    expect(known.headers.get('set-cookie')).toBeNull();
  });

  it('leaves a changed menu to the app, which draws it again', async () => {
    await fetch(`${base}/menu/${menu.publicLinkId}`);
    await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body: { pricePerUnit: '1500.00' } });
    const answered = vi.spyOn(site.menuPageFastPath!, 'serve');
    const changed = await (await fetch(`${base}/menu/${menu.publicLinkId}`)).text();
    expect(await answered.mock.results[0]!.value).toBe(false);
    expect(changed).toContain('$1,500.00');
    answered.mockRestore();
  });

  it('leaves an unknown link and a malformed one to the app, which answers Menu Not Found', async () => {
    const unknown = await fetch(`${base}/menu/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/<h1[^>]*>Menu Not Found<\/h1>/);
    const malformed = await fetch(`${base}/menu/%E0%A4%A`);
    expect(malformed.status).toBeLessThan(500);
  });

  it('never serves the page it keeps once the link has expired with time, with nothing written meanwhile', async () => {
    const expiring = (
      await t.request<Menu>('POST', '/api/menus', {
        token: seller.token,
        body: { name: 'Trade Show Only', productIds: [product.id], linkExpiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() },
      })
    ).body;
    const answered = vi.spyOn(site.menuPageFastPath!, 'serve');
    const first = await fetch(`${base}/menu/${expiring.publicLinkId}`);
    const again = await fetch(`${base}/menu/${expiring.publicLinkId}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(await again.text()).toBe('');
    expect(again.status).toBe(304);
    expect(await answered.mock.results[1]!.value).toBe(true);

    t.clock.advance(61_000);
    const asked: Array<Record<string, string>> = [{}, { 'if-none-match': first.headers.get('etag')! }, { 'accept-encoding': 'gzip' }];
    for (const headers of asked) {
      const dead = await fetch(`${base}/menu/${expiring.publicLinkId}`, { headers });
      expect(dead.status).toBe(404);
      const html = await dead.text();
      expect(html).toMatch(/<h1[^>]*>Menu Not Found<\/h1>/);
      expect(html).not.toContain('Trade Show Only');
    }
    expect(await Promise.all(answered.mock.results.slice(2).map((result) => result.value as Promise<boolean>))).toEqual([false, false, false]);
    answered.mockRestore();
  });
});
