/**
 * Menu views as a seller's insights count them: deduplicated per visitor
 * within 30 minutes, without bots or the seller's own openings, attributed
 * to a signed-in buyer, rolled up per day exactly as the raw views add up.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuInsights, SellerDashboard, SellerEvent } from '../../sync/entities/insights';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import { createApp } from '../app';
import { menuViewDays, menuViewEvents } from '../db/schema';
import { createTestApp, type RequestOptions, type TestApp } from '../testing/test-app';

const BASE = Date.parse('2031-05-10T12:00:00.000Z');
const MINUTE = 60_000;
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

let t: TestApp;
let seller: AuthResponse;
let otherSeller: AuthResponse;
let buyer: AuthResponse;
let gelato: Product;
let tangie: Product;

beforeAll(async () => {
  t = createTestApp({ now: () => new Date(BASE) });
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  otherSeller = await t.registerUser('seller');
  buyer = await t.registerUser('buyer', { companyName: 'Corner Dispensary' });
  gelato = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '50' } })).body;
  tangie = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Tangie', pricePerUnit: '5', availableQuantity: '50' } })).body;
});
afterAll(() => t.close());

async function newMenu(name = `Menu ${randomUUID().slice(0, 6)}`): Promise<Menu> {
  const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name, isPublic: true, productIds: [gelato.id, tangie.id] } });
  expect(res.status).toBe(201);
  return res.body;
}

function open(menu: Menu, init: RequestOptions = {}) {
  return t.request('GET', `/api/public/menu/${menu.publicLinkId}`, { remoteAddress: '203.0.113.9', ...init, headers: { 'user-agent': BROWSER, ...init.headers } });
}

async function insights(menu: Menu, days = 30, token = seller.token): Promise<MenuInsights> {
  const res = await t.request<MenuInsights>('GET', `/api/menus/${menu.id}/insights?days=${days}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const cookieOf = (headers: Headers) => headers.get('set-cookie')?.match(/wm_visitor=([^;]+)/)?.[1];

describe('counting views', () => {
  it('counts the same visitor once within 30 minutes, and again after', async () => {
    const menu = await newMenu();
    await open(menu);
    t.clock.advance(29 * MINUTE);
    await open(menu);
    expect((await insights(menu)).totalViews).toBe(1);
    t.clock.advance(2 * MINUTE);
    await open(menu);
    const figures = await insights(menu);
    expect(figures.totalViews).toBe(2);
    expect(figures.uniqueVisitors).toBe(1);
  });

  it('knows a visitor by their cookie when their address changes, and by address and browser without one', async () => {
    const menu = await newMenu();
    const first = await open(menu, { remoteAddress: '198.51.100.1' });
    const cookie = cookieOf(first.headers);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(cookie).toBeTruthy();
    await open(menu, { remoteAddress: '198.51.100.2', headers: { cookie: `wm_visitor=${cookie}` } });
    await open(menu, { remoteAddress: '198.51.100.3' });
    await open(menu, { remoteAddress: '198.51.100.3', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' } });
    const figures = await insights(menu);
    expect(figures).toMatchObject({ totalViews: 3, uniqueVisitors: 3 });
  });

  it('tells apart two browsers behind one address: the menu page gives each its own visitor cookie first', async () => {
    const root = join(t.dir, 'site');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Menus</title></head><body></body></html>');
    const site = createApp(t.services, { staticRoot: root });
    const menu = await newMenu();
    const cookies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await site.request(`/menu/${menu.publicLinkId}`, { headers: { 'user-agent': BROWSER } });
      expect(page.status).toBe(200);
      cookies.push(cookieOf(page.headers)!);
      await open(menu, { headers: { cookie: `wm_visitor=${cookies[i]}` } });
    }
    expect(new Set(cookies).size).toBe(2);
    const preview = await site.request(`/menu/${menu.publicLinkId}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(preview.headers.get('set-cookie')).toBeNull();
    expect(await insights(menu)).toMatchObject({ totalViews: 2, uniqueVisitors: 2 });
  });

  it('does not count link-preview fetchers and crawlers', async () => {
    const menu = await newMenu();
    for (const agent of [
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'Twitterbot/1.0',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (compatible; Googlebot/2.1)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
    ]) {
      const res = await open(menu, { headers: { 'user-agent': agent } });
      expect(res.status).toBe(200);
    }
    expect((await insights(menu)).totalViews).toBe(0);
  });

  it("does not count the seller opening their own menu, but does count another seller's opening", async () => {
    const menu = await newMenu();
    await open(menu, { token: seller.token });
    expect((await insights(menu)).totalViews).toBe(0);
    await open(menu, { token: otherSeller.token });
    expect((await insights(menu)).totalViews).toBe(1);
  });

  it('names the signed-in buyer who viewed, when first and last, how often, and whether they saved it', async () => {
    const menu = await newMenu();
    const start = t.clock.now().toISOString();
    await open(menu, { token: buyer.token });
    t.clock.advance(45 * MINUTE);
    await open(menu, { token: buyer.token, remoteAddress: '192.0.2.50' });
    const last = t.clock.now().toISOString();
    await open(menu);

    let figures = await insights(menu);
    expect(figures.totalViews).toBe(3);
    expect(figures.uniqueVisitors).toBe(2);
    expect(figures.viewers).toEqual([{ userId: buyer.user.id, businessName: 'Corner Dispensary', firstViewedAt: start, lastViewedAt: last, views: 2, saved: false }]);

    expect((await t.request('POST', '/api/saved-menus', { token: buyer.token, body: { menuId: menu.id } })).status).toBe(201);
    figures = await insights(menu);
    expect(figures.viewers[0]?.saved).toBe(true);
  });

  it('names only buyers among the viewers: an admin and another seller count as views, never as buyers who viewed', async () => {
    const menu = await newMenu();
    const admin = await t.makeAdmin();
    await open(menu, { token: admin.token });
    await open(menu, { token: otherSeller.token });
    await open(menu, { token: buyer.token });
    await open(menu, { token: seller.token });
    const figures = await insights(menu);
    expect(figures).toMatchObject({ totalViews: 3, uniqueVisitors: 3 });
    expect(figures.viewers.map((viewer) => viewer.userId)).toEqual([buyer.user.id]);
  });

  it('rolls up per day exactly what the raw views add up to, and the chart shows each day of the period', async () => {
    const menu = await newMenu();
    const visitors = ['198.51.100.10', '198.51.100.11', '198.51.100.12'];
    for (const who of [3, 0, 2]) {
      for (const address of visitors.slice(0, who)) await open(menu, { remoteAddress: address });
      t.clock.advance(24 * 60 * MINUTE);
    }
    const figures = await insights(menu, 3);
    const today = t.clock.now();
    const dayName = (back: number) => new Date(today.getTime() - back * 24 * 60 * MINUTE).toISOString().slice(0, 10);
    expect(figures.perDay).toEqual([
      { date: dayName(2), views: 0 },
      { date: dayName(1), views: 2 },
      { date: dayName(0), views: 0 },
    ]);
    const week = await insights(menu, 7);
    expect(week.perDay.map((day) => day.views)).toEqual([0, 0, 0, 3, 0, 2, 0]);
    expect(week.totalViews).toBe(5);
    expect(week.uniqueVisitors).toBe(3);

    const db = t.services.db.read;
    const raw = (await db.select({ n: count() }).from(menuViewEvents).where(eq(menuViewEvents.menuId, menu.id)).get())!.n;
    const rolled = Number(
      (await db
        .select({ n: sum(menuViewDays.views) })
        .from(menuViewDays)
        .where(eq(menuViewDays.menuId, menu.id))
        .get())!.n,
    );
    expect(rolled).toBe(raw);
    expect(week.totalViews).toBe(raw);
  });

  it('shows a view in the insights right away, without waiting for the periodic write', async () => {
    const menu = await newMenu();
    await open(menu, { remoteAddress: '192.0.2.77' });
    expect((await insights(menu, 1)).totalViews).toBe(1);
  });

  it('drops the waiting views of a menu deleted meanwhile', async () => {
    const menu = await newMenu();
    await open(menu, { remoteAddress: '192.0.2.88' });
    expect((await t.request('DELETE', `/api/menus/${menu.id}`, { token: seller.token })).status).toBe(204);
    // The dashboard writes the waiting views first: the deleted menu's must not stop the others.
    expect((await t.request('GET', '/api/analytics/dashboard', { token: seller.token })).status).toBe(200);
    expect((await t.request('GET', `/api/menus/${menu.id}/insights`, { token: seller.token })).status).toBe(404);
    expect((await t.services.db.read.select({ n: count() }).from(menuViewEvents).where(eq(menuViewEvents.menuId, menu.id)).get())!.n).toBe(0);
  });
});

describe('the insights answer', () => {
  it('is for the seller of the menu only: anyone else is told it does not exist', async () => {
    const menu = await newMenu();
    for (const account of [otherSeller, buyer]) {
      const res = await t.request<ErrorBody>('GET', `/api/menus/${menu.id}/insights`, { token: account.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Menu not found');
    }
    expect((await t.request('GET', `/api/menus/${menu.id}/insights`)).status).toBe(401);
  });

  it('refuses a period that is not a whole number of days from 1 to 365', async () => {
    const menu = await newMenu();
    for (const days of ['0', '366', 'abc', '2.5']) {
      const res = await t.request<ErrorBody>('GET', `/api/menus/${menu.id}/insights?days=${days}`, { token: seller.token });
      expect(res.status, days).toBe(400);
      expect(res.body.message).toMatch(/period/);
    }
    expect((await insights(menu)).perDay).toHaveLength(30);
  });

  it('lists the products asked about most: messages about them and lines of order requests', async () => {
    const menu = await newMenu();
    const ask = (body: Record<string, unknown>) => t.request('POST', '/api/inquiries', { token: buyer.token, body: { id: randomUUID(), menuId: menu.id, ...body } });
    expect((await ask({ kind: 'message', message: 'Indoor?', productId: tangie.id })).status).toBe(201);
    expect((await ask({ kind: 'message', message: 'Lab results?', productId: tangie.id })).status).toBe(201);
    expect(
      (
        await ask({
          kind: 'order',
          items: [
            { productId: gelato.id, quantity: '1' },
            { productId: tangie.id, quantity: '1' },
          ],
        })
      ).status,
    ).toBe(201);
    expect((await insights(menu)).topProducts).toEqual([
      { productId: tangie.id, name: 'Tangie', opens: 3 },
      { productId: gelato.id, name: 'Gelato', opens: 1 },
    ]);
  });

  it('adds the products opened on the menu: once per visitor in 30 minutes, never by the seller or a bot, only products on the menu', async () => {
    const menu = await newMenu();
    const openProduct = (product: Product, init: RequestOptions = {}) =>
      t.request('POST', `/api/public/menu/${menu.publicLinkId}/products/${product.id}/open`, {
        remoteAddress: '203.0.113.20',
        ...init,
        headers: { 'user-agent': BROWSER, ...init.headers },
      });
    expect((await openProduct(gelato, { token: buyer.token })).status).toBe(204);
    await openProduct(gelato, { token: buyer.token });
    await openProduct(gelato, { remoteAddress: '198.51.100.77' });
    await openProduct(gelato, { token: seller.token });
    await openProduct(gelato, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    await openProduct(tangie, { token: buyer.token });
    expect((await insights(menu)).topProducts).toEqual([
      { productId: gelato.id, name: 'Gelato', opens: 2 },
      { productId: tangie.id, name: 'Tangie', opens: 1 },
    ]);

    t.clock.advance(31 * MINUTE);
    await openProduct(tangie, { token: buyer.token });
    await openProduct(tangie, { token: buyer.token });
    expect((await insights(menu)).topProducts.map((product) => product.opens)).toEqual([2, 2]);

    const offMenu = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Elsewhere', pricePerUnit: '1.00' } })).body;
    const refused = await openProduct(offMenu, { token: buyer.token });
    expect(refused.status).toBe(404);
    expect((await t.request('POST', `/api/public/menu/no-such-link/products/${gelato.id}/open`)).status).toBe(404);
  });
});

describe("the seller's dashboard and notifications", () => {
  it('count the week and list what buyers did, newest first, the first opening of a menu once', async () => {
    const fresh = createTestApp({ now: () => new Date(BASE) });
    try {
      const owner = await fresh.registerUser('seller');
      const shopper = await fresh.registerUser('buyer', { companyName: 'Leaf Lounge' });
      const menu = (await fresh.request<Menu>('POST', '/api/menus', { token: owner.token, body: { name: 'Fall List', isPublic: true } })).body;
      const link = `/api/public/menu/${menu.publicLinkId}`;
      await fresh.request('GET', link, { token: shopper.token });
      fresh.clock.advance(40 * MINUTE);
      await fresh.request('GET', link, { token: shopper.token });
      await fresh.request('GET', link, { remoteAddress: '192.0.2.1' });
      fresh.clock.advance(MINUTE);
      await fresh.request('POST', '/api/saved-menus', { token: shopper.token, body: { menuId: menu.id } });
      await fresh.request('POST', '/api/inquiries', { token: shopper.token, body: { id: randomUUID(), menuId: menu.id, kind: 'message', message: 'Hi' } });

      const dashboard = await fresh.request<SellerDashboard>('GET', '/api/analytics/dashboard', { token: owner.token });
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.week).toEqual({ views: 3, saves: 1, inquiries: 1, orderRequests: 0 });
      expect(dashboard.body.totalViews).toBe(3);
      expect(dashboard.body.events.map((event) => [event.kind, event.buyerName, event.menuName])).toEqual([
        ['menu_saved', 'Leaf Lounge', 'Fall List'],
        ['menu_opened', 'Leaf Lounge', 'Fall List'],
      ]);

      // A week later the figures have moved on.
      fresh.clock.advance(8 * 24 * 60 * MINUTE);
      const later = await fresh.request<SellerDashboard>('GET', '/api/analytics/dashboard', { token: owner.token });
      expect(later.body.week).toEqual({ views: 0, saves: 0, inquiries: 0, orderRequests: 0 });
      expect(later.body.totalViews).toBe(3);

      const notifications = await fresh.request<SellerEvent[]>('GET', '/api/analytics/notifications', { token: owner.token });
      expect(notifications.body.every((event) => event.readAt === null)).toBe(true);
      const read = await fresh.request('POST', '/api/analytics/notifications/read', { token: owner.token, body: { ids: notifications.body.map((event) => event.id) } });
      expect(read.status).toBe(200);
      const after = await fresh.request<SellerEvent[]>('GET', '/api/analytics/notifications', { token: owner.token });
      expect(after.body.every((event) => event.readAt !== null)).toBe(true);

      expect((await fresh.request('GET', '/api/analytics/dashboard', { token: shopper.token })).status).toBe(403);
      const refused = await fresh.request<{ message: string; reason: string }>('POST', '/api/analytics/notifications/read', {
        token: owner.token,
        body: { ids: 'all' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Name the notifications to mark read', reason: 'validation' });
      const tooMany = await fresh.request<{ message: string }>('POST', '/api/analytics/notifications/read', {
        token: owner.token,
        body: { ids: Array.from({ length: 51 }, (_, index) => `event-${index}`) },
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('Mark at most 50 notifications read at once');
    } finally {
      fresh.close();
    }
  });
});
