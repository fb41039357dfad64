/**
 * The live menu stream: a change to the menu, a product of it or the seller
 * reaches an open stream within two seconds, a reconnect naming the last
 * event id gets what it missed, a gone menu says so, heartbeats keep the
 * connection, and one address, one menu and the process each hold a bounded
 * number of streams. A signed-in buyer's stream, opened with a ticket to it,
 * carries their own prices.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { AuthResponse } from '../../sync/entities/user';
import type { ErrorBody } from '../../sync/contract/errors';
import type { AppEnv } from '../context';
import { handleError } from '../platform/http/errors';
import { customers, priceLists } from '../db/schema';
import { PricedMenus } from '../public-menu/priced-menus';
import { eventReader } from '../testing/event-reader';
import { createTestApp, fromAddress, type TestApp } from '../testing/test-app';
import { menuEventRoutes } from './menu-event-routes';
import { MENU_FULL, SERVER_FULL, TOO_MANY_FROM_ADDRESS, type StreamCaps } from './stream-slots';

let t: TestApp;
let seller: AuthResponse;
let gelato: Product;
let tangie: Product;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp();
  seller = await t.registerUser('seller', { businessName: 'North Star Farms' });
  gelato = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '50' } })).body;
  tangie = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Tangie', pricePerUnit: '5', availableQuantity: '8' } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Live List', isPublic: true, productIds: [gelato.id, tangie.id] } })).body;
});
afterAll(() => t.close());

const connect = (link: string, headers: Record<string, string> = {}, address = '198.51.100.20', ticket?: string) =>
  t.app.request(`/api/public/menu/${link}/events${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`, { headers }, fromAddress(address));

/** A first connection (a guest's, or with a ticket a signed-in buyer's): its ready event, then the menu as it is now. */
async function follow(link: string, ticket?: string) {
  const events = eventReader(await connect(link, {}, '198.51.100.20', ticket));
  const ready = await events.next();
  expect(ready.event).toBe('ready');
  const current = await events.next();
  expect(current.event).toBe('menu');
  expect(current.id).toBe(ready.id);
  return { events, ready, current: JSON.parse(current.data) as PublicMenu };
}

const changeProduct = async (product: Product, body: Record<string, unknown>) =>
  expect((await t.request('PUT', `/api/products/${product.id}`, { token: seller.token, body })).status).toBe(200);

describe('the live menu stream', () => {
  it('is an event stream that starts with the current event id and the menu as it is', async () => {
    const response = await connect(menu.publicLinkId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await eventReader(response).close();
    const { events, ready, current } = await follow(menu.publicLinkId);
    expect(Number(ready.id)).toBe(t.services.db.committedVersion);
    expect(current.menu.name).toBe('Live List');
    await events.close();
  });

  it('sends the menu within two seconds of a quantity, a price, and the seller name changing', async () => {
    const { events } = await follow(menu.publicLinkId);
    const started = Date.now();
    await changeProduct(tangie, { availableQuantity: '0' });
    const soldOut = await events.next(2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(soldOut.event).toBe('menu');
    const data = JSON.parse(soldOut.data) as PublicMenu;
    expect(data.products.find((product) => product.id === tangie.id)?.availableQuantity).toBe('0.000');

    await changeProduct(gelato, { pricePerUnit: '12.50' });
    const repriced = JSON.parse((await events.next(2_000)).data) as PublicMenu;
    expect(repriced.products.find((product) => product.id === gelato.id)?.pricePerUnit).toBe('12.50');

    expect((await t.request('PUT', '/api/auth/user', { token: seller.token, body: { businessName: 'South Star Farms' } })).status).toBe(200);
    expect((JSON.parse((await events.next(2_000)).data) as PublicMenu).seller.businessName).toBe('South Star Farms');
    await events.close();
  });

  it('sends nothing for a change to another menu', async () => {
    const other = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Elsewhere', availableQuantity: '1' } })).body;
    const { events } = await follow(menu.publicLinkId);
    await changeProduct(other, { availableQuantity: '2' });
    await expect(events.next(1_000)).rejects.toThrow('No event in time');
    await events.close();
  });

  it('resumed with Last-Event-ID, sends at once what changed while it was away, and nothing when nothing did', async () => {
    const { events: first, ready } = await follow(menu.publicLinkId);
    await first.close();

    await changeProduct(gelato, { availableQuantity: '7' });
    const resumed = eventReader(await connect(menu.publicLinkId, { 'last-event-id': ready.id! }));
    const now = await resumed.next();
    expect(now.event).toBe('ready');
    const missed = await resumed.next(1_000);
    expect(missed.event).toBe('menu');
    expect(Number(missed.id)).toBeGreaterThan(Number(ready.id));
    expect((JSON.parse(missed.data) as PublicMenu).products.find((product) => product.id === gelato.id)?.availableQuantity).toBe('7.000');
    await resumed.close();

    const upToDate = eventReader(await connect(menu.publicLinkId, { 'last-event-id': missed.id! }));
    await upToDate.next();
    await expect(upToDate.next(800)).rejects.toThrow('No event in time');
    await upToDate.close();
  });

  it('drops a removed product, and says gone when the menu is deleted', async () => {
    const own = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Short Lived', isPublic: true, productIds: [gelato.id, tangie.id] } })).body;
    const { events } = await follow(own.publicLinkId);
    expect((await t.request('PUT', `/api/menus/${own.id}`, { token: seller.token, body: { productIds: [gelato.id] } })).status).toBe(200);
    expect((JSON.parse((await events.next(2_000)).data) as PublicMenu).products.map((product) => product.id)).toEqual([gelato.id]);
    expect((await t.request('DELETE', `/api/menus/${own.id}`, { token: seller.token })).status).toBe(204);
    expect((await events.next(2_000)).event).toBe('gone');
    await expect(events.next(500)).rejects.toThrow('The stream ended');
  });

  it('sends a buyer who follows with a ticket the menu at their own prices, at once and on each change, while a guest sees list prices', async () => {
    const buyer = await t.registerUser('buyer');
    // The seller's book prices the buyer by a list (written straight to the tables, as a confirmed link would leave them).
    await t.services.db.transaction(async (tx) => {
      const now = t.clock.now();
      const listId = randomUUID();
      const entries = [{ productId: gelato.id, price: null, percentOff: '20', hidden: false, minQuantity: null, increment: null, breaks: [] }];
      await tx.db.insert(priceLists).values({ id: listId, userId: seller.user.id, name: 'Partners', entries, version: tx.version, createdAt: now, updatedAt: now }).run();
      const customer = { id: randomUUID(), userId: seller.user.id, name: 'Dispensary', buyerTeamId: buyer.user.id, priceListId: listId };
      await tx.db
        .insert(customers)
        .values({ ...customer, version: tx.version, createdAt: now, updatedAt: now })
        .run();
    });
    const gelatoPrice = (shown: PublicMenu) => shown.products.find((product) => product.id === gelato.id)?.pricePerUnit;
    await changeProduct(gelato, { pricePerUnit: '10.00' });
    const ticket = await t.request<{ ticket: string }>('POST', `/api/public/menu/${menu.publicLinkId}/events/ticket`, { token: buyer.token });
    expect(ticket.status).toBe(200);
    const signedIn = await follow(menu.publicLinkId, ticket.body.ticket);
    const guest = await follow(menu.publicLinkId);
    expect(gelatoPrice(signedIn.current)).toBe('8.00');
    expect(gelatoPrice(guest.current)).toBe('10.00');

    await changeProduct(gelato, { pricePerUnit: '20.00' });
    expect(gelatoPrice(JSON.parse((await signedIn.events.next(2_000)).data) as PublicMenu)).toBe('16.00');
    expect(gelatoPrice(JSON.parse((await guest.events.next(2_000)).data) as PublicMenu)).toBe('20.00');
    await signedIn.events.close();
    await guest.events.close();
  });

  it("gives tickets to buyers only, each opening one menu's stream in a session that still stands, and never standing for the session", async () => {
    const buyer = await t.registerUser('buyer');
    const other = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Other List', isPublic: true, productIds: [tangie.id] } })).body;
    expect((await t.request('POST', `/api/public/menu/${menu.publicLinkId}/events/ticket`, { token: seller.token })).status).toBe(403);
    expect((await t.request('POST', `/api/public/menu/${menu.publicLinkId}/events/ticket`)).status).toBe(401);
    expect((await t.request('POST', `/api/public/menu/00000000-0000-4000-8000-000000000000/events/ticket`, { token: buyer.token })).status).toBe(404);
    const { ticket } = (await t.request<{ ticket: string }>('POST', `/api/public/menu/${menu.publicLinkId}/events/ticket`, { token: buyer.token })).body;

    const elsewhere = await connect(other.publicLinkId, {}, '198.51.100.21', ticket);
    expect(elsewhere.status).toBe(401);
    expect(((await elsewhere.json()) as ErrorBody).reason).toBe('unauthenticated');
    expect((await connect(menu.publicLinkId, {}, '198.51.100.21', 'not-a-ticket')).status).toBe(401);
    // A ticket rides in addresses, which logs keep: as a bearer token it opens nothing.
    expect((await t.request('GET', '/api/saved-menus', { token: ticket })).status).toBe(401);

    expect((await t.request('POST', '/api/auth/logout', { token: buyer.token })).status).toBeLessThan(300);
    expect((await connect(menu.publicLinkId, {}, '198.51.100.21', ticket)).status).toBe(401);
  });

  it('answers 404 for an unknown link', async () => {
    expect((await connect('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('sends a heartbeat, and refuses an address that holds too many streams, an IPv6 /64 being one address', async () => {
    const app = streamApp({ perClient: 2 }, { heartbeatMs: 100 });
    const path = eventsPath(menu);
    const streams = [eventReader(await app.request(path)), eventReader(await app.request(path))];
    await streams[0]!.next();
    await streams[0]!.next();
    await expect(streams[0]!.next(400)).rejects.toThrow('No event in time');
    expect(streams[0]!.raw).toContain(': heartbeat');
    const refused = await app.request(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as ErrorBody).message).toBe(TOO_MANY_FROM_ADDRESS);
    await streams[1]!.close();
    // A closed stream frees its place.
    const again = await letInOnceFreed(() => app.request(path));
    await eventReader(again).close();
    await streams[0]!.close();

    const neighbours = [eventReader(await app.request(path, from('2001:db8:5:5::1'))), eventReader(await app.request(path, from('2001:db8:5:5::2')))];
    expect((await app.request(path, from('2001:db8:5:5:ffff::3'))).status).toBe(429);
    for (const stream of neighbours) await stream.close();
  });

  it('refuses a stream of a menu that has its cap of streams with 503 and Retry-After, while other menus still open, until one of them closes', async () => {
    const other = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Quiet List', isPublic: true, productIds: [gelato.id] } })).body;
    const app = streamApp({ perMenu: 2 });
    const streams = [eventReader(await app.request(eventsPath(menu), from('198.51.100.31'))), eventReader(await app.request(eventsPath(menu), from('198.51.100.32')))];
    const refused = await app.request(eventsPath(menu), from('198.51.100.33'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as ErrorBody).message).toBe(MENU_FULL);
    const elsewhere = await app.request(eventsPath(other), from('198.51.100.33'));
    expect(elsewhere.status).toBe(200);
    await eventReader(elsewhere).close();

    await streams[0]!.close();
    const again = await letInOnceFreed(() => app.request(eventsPath(menu), from('198.51.100.33')));
    await eventReader(again).close();
    await streams[1]!.close();
  });

  it('refuses any stream once the process holds its cap of streams over all menus, and takes one again when a stream ends, its menu deleted', async () => {
    const shortLived = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Gone Soon', isPublic: true, productIds: [gelato.id] } })).body;
    const app = streamApp({ perProcess: 2 });
    const first = eventReader(await app.request(eventsPath(menu), from('198.51.100.41')));
    const doomed = eventReader(await app.request(eventsPath(shortLived), from('198.51.100.42')));
    await doomed.next();
    await doomed.next();
    const refused = await app.request(eventsPath(menu), from('198.51.100.43'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as ErrorBody).message).toBe(SERVER_FULL);

    expect((await t.request('DELETE', `/api/menus/${shortLived.id}`, { token: seller.token })).status).toBe(204);
    expect((await doomed.next(2_000)).event).toBe('gone');
    const again = await letInOnceFreed(() => app.request(eventsPath(menu), from('198.51.100.43')));
    await eventReader(again).close();
    await first.close();
  });
});

const eventsPath = (of: Menu) => `/api/public/menu/${of.publicLinkId}/events`;

/** A request from the given client address, for the stream app below. */
const from = (address: string) => ({ headers: { 'x-test-client': address } });

/**
 * A closed stream's end reaches the server a moment later, which then frees its place: asks again until let in, and
 * answers the stream that was.
 */
async function letInOnceFreed(request: () => Response | Promise<Response>): Promise<Response> {
  return vi.waitFor(
    async () => {
      const response = await request();
      expect(response.status).toBe(200);
      return response;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** The stream route alone, with caps of its own, its client address taken from a test header. */
function streamApp(caps: Partial<StreamCaps>, options: { heartbeatMs?: number } = {}) {
  const app = new Hono<AppEnv>()
    .use((c, next) => {
      c.set('services', t.services);
      c.set('session', null);
      c.set('clientAddress', c.req.header('x-test-client') ?? '192.0.2.9');
      return next();
    })
    .route('/api', menuEventRoutes(new PricedMenus(), { ...options, caps }));
  app.onError(handleError);
  return app;
}
