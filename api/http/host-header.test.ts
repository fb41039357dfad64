/**
 * The Host header, through Node's real server: every absolute link the
 * server writes into a shared menu's page comes from APP_URL, whatever Host
 * or X-Forwarded-Host a request names (the page is kept and served to every
 * visitor, the fast path's copy too); and a Host that is no host is refused
 * with a 400 and its message, leaving nothing in the log.
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { App } from '../app';
import { files, upload } from '../photos/upload-test-support';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';
import { MALFORMED_REQUEST_MESSAGE } from '../platform/http/malformed-request';
import { serveApp } from './serve-app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Wholesale Menus</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

const APP_URL = 'https://menus.example';

let t: TestApp;
let site: App;
let server: Server;
let port: number;
let menu: Menu;
let photoUrl: string;

beforeAll(async () => {
  // One proxy trusted: even its X-Forwarded-Host names no address the server writes.
  t = createTestApp({ env: { APP_URL, TRUST_PROXY: '1' } });
  site = siteWithShell(t, INDEX_HTML);
  server = serveApp(site, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
  const seller = await t.registerUser('seller', { businessName: 'Harbor Farms' });
  photoUrl = (await upload(t, seller.token, { image: files.jpeg() })).body.url;
  const product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Blue Dream', photoUrl } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Harbor Menu', productIds: [product.id] } })).body;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type RawAnswer = { status: number; headers: string; body: string };

/** One request written byte for byte on a socket, so the Host header is exactly what a hostile client sends. */
function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const lines = [`GET ${path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), 'Connection: close', '', ''];
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.on('error', reject);
    socket.write(lines.join('\r\n'));
  });
}

/** The content of a meta tag (or the href of the canonical link) in a page. */
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const linksOf = (html: string) => ({
  ogUrl: tag(html, /<meta property="og:url" content="([^"]*)"/),
  canonical: tag(html, /<link rel="canonical" href="([^"]*)"/),
  ogImage: tag(html, /<meta property="og:image" content="([^"]*)"/),
});

describe('the Host header', () => {
  it('names none of the links a shared menu page carries: they come from APP_URL, on a first visit and on a repeat one', async () => {
    const expected = { ogUrl: `${APP_URL}/menu/${menu.publicLinkId}`, canonical: `${APP_URL}/menu/${menu.publicLinkId}`, ogImage: `${APP_URL}${photoUrl}` };
    const answered = vi.spyOn(site.menuPageFastPath!, 'serve');
    const first = await rawGet(`/menu/${menu.publicLinkId}`, { Host: 'evil.example' });
    expect(first.status).toBe(200);
    expect(linksOf(first.body)).toEqual(expected);
    expect(await answered.mock.results[0]!.value).toBe(false);

    const forged: Array<Record<string, string>> = [{ Host: 'evil.example' }, { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' }];
    for (const headers of forged) {
      const again = await rawGet(`/menu/${menu.publicLinkId}`, headers);
      expect(again.status).toBe(200);
      expect(linksOf(again.body)).toEqual(expected);
      expect(again.body).not.toContain('evil.example');
    }
    // The repeat visits were the fast path's, from the page the first one drew.
    expect(await answered.mock.results[1]!.value).toBe(true);
  });

  it('answers a malformed Host with a 400 and its message, logging nothing, on a menu page (fast path too), the API and an upload', async () => {
    // The page has been drawn once, so the fast path would answer it.
    expect((await rawGet(`/menu/${menu.publicLinkId}`, { Host: `127.0.0.1:${port}` })).status).toBe(200);
    const logged = (['error', 'warn', 'info', 'log'] as const).map((level) => vi.spyOn(console, level));
    for (const host of ['evil example', 'evil.example:99999', '[::1', 'user@evil.example', 'evil.example/path', 'evil.example\\path', '*']) {
      for (const path of [`/menu/${menu.publicLinkId}`, '/api/health', photoUrl]) {
        const answer = await rawGet(path, { Host: host });
        expect(answer.status, `${host} ${path}`).toBe(400);
        expect(JSON.parse(answer.body), `${host} ${path}`).toEqual({ message: MALFORMED_REQUEST_MESSAGE, reason: 'validation' });
      }
    }
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });
});
