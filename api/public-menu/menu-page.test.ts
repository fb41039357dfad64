import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuInsights } from '../../sync/entities/insights';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { App } from '../app';
import { TAKE_OVER_SCRIPT_PATH } from './menu-page-render';
import { MENU_NOT_FOUND_MESSAGE } from './public-menu-service';
import { files, upload } from '../photos/upload-test-support';
import { SAMPLE_MENU } from '../seed/demo-data';
import { seedDemoData } from '../seed/seed';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Wholesale Menus</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let site: App;
let menu: Menu;
let seller: Awaited<ReturnType<TestApp['registerUser']>>;
const products: Product[] = [];

/** The products, `pictured` ones with an uploaded photo as their cover. */
const PRODUCTS = [
  { strainName: 'Blue Dream', pricePerUnit: '1450.00', thcPercentage: '24.5', pictured: true },
  { strainName: 'Gelato <41>', pricePerUnit: '1800.00', cbdPercentage: '1.2', pictured: true },
  { strainName: 'Sour Diesel', pricePerUnit: '1200.50', pictured: true },
  { strainName: 'Northern Lights', pricePerUnit: '999.99', pictured: true },
  { strainName: 'House Pre-rolls', category: 'preroll', pricePerUnit: '2.75', unitType: 'unit', pictured: false },
];

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/** The opening tag of the filter button for `category`. */
const categoryButton = (html: string, category: string) => html.match(new RegExp(`<button [^>]*value="${category}" aria-pressed[^>]*>`))?.[0] ?? '';

const pageOf = (linkId: string, headers: Record<string, string> = {}) => site.request(`http://menus.example/menu/${linkId}`, { headers });

/** The page's JSON for the app to take it over. */
const embeddedIn = (html: string) => JSON.parse(/<script type="application\/json" id="public-menu-data">([^<]*)<\/script>/.exec(html)![1]!) as unknown;

function expectMenuNotFoundCard(html: string) {
  expect(html).toMatch(/<div id="root">.*<h1[^>]*>Menu Not Found<\/h1>/s);
  expect(html).toContain('The menu you&#x27;re looking for doesn&#x27;t exist or may have been removed.');
}

beforeAll(async () => {
  t = createTestApp();
  site = siteWithShell(t, INDEX_HTML);
  expect(await seedDemoData(t.services)).toBe(true);
  seller = await t.registerUser('seller', { businessName: 'Emerald Farms' });
  for (const { pictured, ...body } of PRODUCTS) {
    const photoUrl = pictured ? (await upload(t, seller.token, { image: files.jpeg() })).body.url : undefined;
    products.push((await t.request<Product>('POST', '/api/products', { token: seller.token, body: { ...body, photoUrl } })).body);
  }
  menu = (
    await t.request<Menu>('POST', '/api/menus', {
      token: seller.token,
      body: { name: 'Fall Harvest', description: 'Fresh flower, limited lots.', productIds: products.map((product) => product.id) },
    })
  ).body;
});
afterAll(() => t.close());

describe('a shared menu page drawn on the server', () => {
  it('holds the header and every product with its price, potency and sized cover in the HTML', async () => {
    const response = await pageOf(menu.publicLinkId);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Fall Harvest<\/h1>/);
    expect(html).toContain('Emerald Farms');
    for (const name of ['Blue Dream', 'Gelato &lt;41&gt;', 'Sour Diesel', 'Northern Lights', 'House Pre-rolls']) expect(html).toContain(name);
    for (const price of ['$1,450.00', '$1,800.00', '$1,200.50', '$999.99', '$2.75']) expect(html).toContain(price);
    expect(html).toContain('THC <!-- -->24.50%');
    expect(html).toContain('CBD <!-- -->1.20%');
    expect(html).toMatch(new RegExp(`<img[^>]*src="${products[0]!.photoUrl}"[^>]*width="480"[^>]*height="360"`));
  });

  it('fetches the first photos at once with high priority and the rest lazily', async () => {
    const html = await (await pageOf(menu.publicLinkId)).text();
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes('view.gif'));
    expect(images).toHaveLength(4);
    for (const image of images.slice(0, 3)) expect(image).toMatch(/loading="eager".*fetchpriority="high"/i);
    expect(images[3]).toContain('loading="lazy"');
    expect(images[3]).not.toMatch(/fetchpriority/i);
  });

  it('carries the menu as non-executable JSON and loads the app as a module after the markup', async () => {
    const html = await (await pageOf(menu.publicLinkId)).text();
    const data = /<script type="application\/json" id="public-menu-data">([^<]*)<\/script>/.exec(html);
    const embedded = JSON.parse(data![1]!) as { publicLinkId: string; menu: PublicMenu };
    expect(embedded.publicLinkId).toBe(menu.publicLinkId);
    expect(embedded.menu.products.map((product) => product.strainName)).toEqual(PRODUCTS.map((product) => product.strainName));
    // Every script is either data or a module file: nothing inline runs, so a strict script policy holds.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes!);
    expect(scripts.every((attributes) => attributes.includes('type="application/json"') || /type="module"[^>]*src=/.test(attributes))).toBe(true);
    expect(html).toContain('<title>Fall Harvest · Emerald Farms</title>');
  });

  it('starts the app only when needed: no module preloaded, the entry named for the loader, the stylesheet kept', async () => {
    const html = await (await pageOf(menu.publicLinkId)).text();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-abc123.js"');
    expect(html).toContain('<meta name="app-entry" content="/assets/index-abc123.js">');
    expect(html).toContain(`<script type="module" src="${TAKE_OVER_SCRIPT_PATH}"></script>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
    const loader = readFileSync(join('app/public', TAKE_OVER_SCRIPT_PATH), 'utf8');
    expect(loader).toContain('meta[name="app-entry"]');
  });

  it('is drawn once and served again until the menu changes, compressed and with an ETag', async () => {
    const first = await pageOf(menu.publicLinkId, { 'Accept-Encoding': 'gzip' });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag')!;
    const again = await pageOf(menu.publicLinkId, { 'If-None-Match': etag });
    expect(again.status).toBe(304);

    await t.request('PUT', `/api/products/${products[0]!.id}`, { token: seller.token, body: { pricePerUnit: '1500.00' } });
    const changed = await pageOf(menu.publicLinkId, { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' });
    expect(changed.status).toBe(200);
    const html = gunzipSync(Buffer.from(await changed.arrayBuffer())).toString('utf8');
    expect(html).toContain('$1,500.00');
    expect(html).not.toContain('$1,450.00');
  });

  it('draws the filter and sort a visitor chose without JavaScript, as a form that asks the server again', async () => {
    const all = await (await pageOf(menu.publicLinkId)).text();
    expect(all).toMatch(/<form [^>]*method="get"/);
    expect(categoryButton(all, 'preroll')).toMatch(/type="submit"[^>]*aria-pressed="false"[^>]*name="category"/);

    const prerolls = await (await pageOf(`${menu.publicLinkId}?category=preroll`)).text();
    expect(prerolls).toContain('House Pre-rolls');
    expect(prerolls).not.toContain('Blue Dream</');
    expect(categoryButton(prerolls, 'preroll')).toContain('aria-pressed="true"');

    const cheapestFirst = await (await pageOf(`${menu.publicLinkId}?category=&sort=price-low`)).text();
    const order = ['House Pre-rolls', 'Northern Lights', 'Sour Diesel'].map((name) => cheapestFirst.indexOf(`${name}</`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(cheapestFirst).toMatch(/<option value="price-low" selected="">/);

    // An unknown choice is the plain menu, drawn once for both addresses.
    const nonsense = await pageOf(`${menu.publicLinkId}?category=<script>&sort=cheap`);
    expect(nonsense.headers.get('etag')).toBe((await pageOf(menu.publicLinkId)).headers.get('etag'));
  });

  it("heads the page with the seller's brand, the accent band's text readable on it", async () => {
    const logo = (await upload(t, seller.token, { image: files.png(), purpose: 'profile' })).body.url;
    await t.request('PUT', '/api/auth/user', { token: seller.token, body: { accentColor: '#fde047', licenseNumber: 'LIC-7', profileImageUrl: logo } });
    const html = await (await pageOf(menu.publicLinkId)).text();
    expect(html).toContain('style="background-color:#fde047;color:#000000"');
    expect(html).toContain('License <!-- -->LIC-7');
    expect(html).toContain(`<img src="${logo}" alt="Emerald Farms logo" width="48" height="48"`);
  });

  it('answers an unknown link with 404 and the Menu Not Found card drawn in the page, for the app to take over', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await pageOf(unknown);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expectMenuNotFoundCard(html);
    expect(html).toContain('<title>Menu Not Found · Wholesale Menus</title>');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go Home<\/a>/);
    expect(embeddedIn(html)).toEqual({ publicLinkId: unknown, menu: null });
    expect(html).toContain(`<script type="module" src="${TAKE_OVER_SCRIPT_PATH}"></script>`);
    // Nothing of a menu: no preview tags, no view counted.
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('view.gif');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it("answers a dead link's printed sheet with 404 and the same card, and leaves a live link's sheet to the app", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await pageOf(`${unknown}/print`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expectMenuNotFoundCard(html);
    expect(html).toContain('<title>Menu Not Found · Wholesale Menus</title>');
    expect(embeddedIn(html)).toEqual({ publicLinkId: unknown, menu: null });

    const live = await pageOf(`${menu.publicLinkId}/print`);
    expect(live.status).toBe(200);
    const liveHtml = await live.text();
    expect(liveHtml).toContain('<div id="root"></div>');
    expect(liveHtml).not.toContain('Menu Not Found');
  });

  it('still draws the sample menu at /menu/sample', async () => {
    const response = await pageOf('sample');
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`<h1[^>]*>${SAMPLE_MENU.name}</h1>`));
  });

  it('counts a view read with JavaScript off through an image only such a browser fetches, never for a bot', async () => {
    const views = async () => {
      const res = await t.request<MenuInsights>('GET', `/api/menus/${menu.id}/insights?days=7`, { token: seller.token });
      return res.body.totalViews;
    };
    const before = await views();
    const html = await (await pageOf(menu.publicLinkId, { 'user-agent': BROWSER })).text();
    const pixel = html.match(/<noscript><img src="([^"]+)" alt="" width="1" height="1"><\/noscript>/)?.[1];
    expect(pixel).toBe(`/api/public/menu/${menu.publicLinkId}/view.gif`);
    expect(await views()).toBe(before);

    const image = await site.request(`http://menus.example${pixel}`, { headers: { 'user-agent': BROWSER } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(await views()).toBe(before + 1);
    await site.request(`http://menus.example${pixel}`, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } });
    expect(await views()).toBe(before + 1);
  });

  it('answers Menu Not Found on the page, the API and Browse once the link has expired, and again once the expiry is cleared', async () => {
    const expiring = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Trade Show Only', isPublic: true, productIds: [products[0]!.id] } })).body;
    const api = () => site.request(`http://menus.example/api/public/menu/${expiring.publicLinkId}`);
    const buyer = await t.registerUser('buyer');
    const listed = async () =>
      (await t.request<{ items: Array<{ menuId: string }> }>('GET', '/api/browse?q=Trade%20Show', { token: buyer.token })).body.items.some((item) => item.menuId === expiring.id);
    const setExpiry = (linkExpiresAt: string | null) => t.request<Menu>('PUT', `/api/menus/${expiring.id}`, { token: seller.token, body: { linkExpiresAt } });
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await api()).status).toBe(200);
    expect((await pageOf(expiring.publicLinkId)).status).toBe(200);

    const bad = await t.request<{ message: string }>('PUT', `/api/menus/${expiring.id}`, { token: seller.token, body: { linkExpiresAt: 'next friday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Link expiry must be a date and time');

    expect((await setExpiry(inAnHour.replace('Z', '+00:00'))).body.linkExpiresAt).toBe(inAnHour);
    expect((await api()).status).toBe(200);
    t.clock.advance(61 * 60 * 1000);
    const gone = await api();
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(MENU_NOT_FOUND_MESSAGE);
    const deadPage = await pageOf(expiring.publicLinkId);
    expect(deadPage.status).toBe(404);
    const deadHtml = await deadPage.text();
    expectMenuNotFoundCard(deadHtml);
    expect(deadHtml).not.toContain('Trade Show Only');
    const deadSheet = await pageOf(`${expiring.publicLinkId}/print`);
    expect(deadSheet.status).toBe(404);
    expectMenuNotFoundCard(await deadSheet.text());
    expect(await listed()).toBe(false);

    expect((await setExpiry(null)).body.linkExpiresAt).toBeNull();
    expect((await api()).status).toBe(200);
    expect(await (await pageOf(expiring.publicLinkId)).text()).toContain('Trade Show Only');
    expect((await pageOf(`${expiring.publicLinkId}/print`)).status).toBe(200);
    expect(await listed()).toBe(true);
  });
});
