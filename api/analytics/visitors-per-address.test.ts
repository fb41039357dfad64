/**
 * A guest cannot inflate a menu's visitors by sending a fresh visitor cookie
 * with every request: one address brings at most its budget of new anonymous
 * visitors an hour, and the rest count as one. Distinct addresses, visitors
 * already counted and signed-in buyers still count as themselves.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuInsights } from '../../sync/entities/insights';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import { createTestApp, type RequestOptions, type TestApp } from '../testing/test-app';
import { NEW_VISITORS_PER_ADDRESS } from './new-visitor-budget';

const BASE = Date.parse('2031-05-10T12:00:00.000Z');
const MINUTE = 60_000;
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const GUEST = '198.51.100.60';

let t: TestApp;
let seller: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  gelato = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '50' } })).body;
});
afterAll(() => t.close());

async function newMenu(): Promise<Menu> {
  const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: `Menu ${randomUUID().slice(0, 6)}`, isPublic: true, productIds: [gelato.id] } });
  expect(res.status).toBe(201);
  return res.body;
}

const freshCookie = () => `wm_visitor=${randomUUID()}`;

async function open(menu: Menu, remoteAddress: string, init: RequestOptions = {}) {
  const res = await t.request('GET', `/api/public/menu/${menu.publicLinkId}`, {
    remoteAddress,
    ...init,
    headers: { 'user-agent': BROWSER, cookie: freshCookie(), ...init.headers },
  });
  expect(res.status).toBe(200);
}

async function insights(menu: Menu): Promise<MenuInsights> {
  const res = await t.request<MenuInsights>('GET', `/api/menus/${menu.id}/insights`, { token: seller.token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('visitors one address can bring', () => {
  it('counts 50 fresh cookies from one address as its budget of new visitors and one more, across the periodic writes', async () => {
    const menu = await newMenu();
    for (let i = 0; i < 10; i++) await open(menu, GUEST);
    expect(await insights(menu)).toMatchObject({ totalViews: 10, uniqueVisitors: 10 });
    for (let i = 0; i < 40; i++) await open(menu, GUEST);
    expect(await insights(menu)).toMatchObject({ totalViews: NEW_VISITORS_PER_ADDRESS + 1, uniqueVisitors: NEW_VISITORS_PER_ADDRESS + 1 });
  });

  it('still counts 50 guests from 50 addresses, and an IPv6 /64 as one address', async () => {
    const menu = await newMenu();
    for (let i = 0; i < 50; i++) await open(menu, `203.0.113.${i + 1}`);
    expect(await insights(menu)).toMatchObject({ totalViews: 50, uniqueVisitors: 50 });
    for (let i = 0; i < 50; i++) await open(menu, `2001:db8:7:7::${(i + 1).toString(16)}`);
    expect((await insights(menu)).uniqueVisitors).toBe(50 + NEW_VISITORS_PER_ADDRESS + 1);
    await open(menu, '2001:db8:7:8::1');
    expect((await insights(menu)).uniqueVisitors).toBe(50 + NEW_VISITORS_PER_ADDRESS + 2);
  });

  it('still counts a visitor already counted, and a signed-in buyer, from an address past its budget; and new visitors again an hour later', async () => {
    const menu = await newMenu();
    const regular = freshCookie();
    await open(menu, GUEST, { headers: { cookie: regular } });
    for (let i = 0; i < 50; i++) await open(menu, GUEST);
    await open(menu, GUEST, { token: buyer.token });
    expect(await insights(menu)).toMatchObject({ totalViews: NEW_VISITORS_PER_ADDRESS + 2, uniqueVisitors: NEW_VISITORS_PER_ADDRESS + 2 });
    expect((await insights(menu)).viewers.map((viewer) => viewer.businessName)).toEqual(['Corner Dispensary']);

    t.clock.advance(31 * MINUTE);
    await open(menu, GUEST, { headers: { cookie: regular } });
    expect(await insights(menu)).toMatchObject({ totalViews: NEW_VISITORS_PER_ADDRESS + 3, uniqueVisitors: NEW_VISITORS_PER_ADDRESS + 2 });

    t.clock.advance(30 * MINUTE);
    await open(menu, GUEST);
    expect(await insights(menu)).toMatchObject({ totalViews: NEW_VISITORS_PER_ADDRESS + 4, uniqueVisitors: NEW_VISITORS_PER_ADDRESS + 3 });
  });

  it("counts a product's openings from fresh cookies on one address within the same budget, and from distinct addresses each", async () => {
    const menu = await newMenu();
    const openProduct = (remoteAddress: string) =>
      t.request('POST', `/api/public/menu/${menu.publicLinkId}/products/${gelato.id}/open`, { remoteAddress, headers: { 'user-agent': BROWSER, cookie: freshCookie() } });
    for (let i = 0; i < 50; i++) expect((await openProduct(GUEST)).status).toBe(204);
    expect((await insights(menu)).topProducts).toEqual([{ productId: gelato.id, name: 'Gelato', opens: NEW_VISITORS_PER_ADDRESS + 1 }]);
    for (let i = 0; i < 10; i++) await openProduct(`192.0.2.${i + 1}`);
    expect((await insights(menu)).topProducts[0]?.opens).toBe(NEW_VISITORS_PER_ADDRESS + 11);
  });
});
