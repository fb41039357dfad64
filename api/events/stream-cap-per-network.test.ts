/** The cap on live menu streams one client holds counts an IPv6 client by its /64, as every per-address limit does. */
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { AppEnv } from '../context';
import { authenticate } from '../http/authenticate';
import { handleError } from '../http/errors';
import { PublicMenuCache } from '../public-menu/public-menu-cache';
import { eventReader } from '../testing/event-reader';
import { createTestApp, fromAddress, type TestApp } from '../testing/test-app';
import { menuEventRoutes } from './menu-event-routes';

let t: TestApp;
let menu: Menu;

beforeAll(async () => {
  t = createTestApp();
  const seller = await t.registerUser('seller');
  const product = (await t.request<Product>('POST', '/api/products', { token: seller.token, body: { strainName: 'Gelato', pricePerUnit: '10', availableQuantity: '5' } })).body;
  menu = (await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { name: 'Live', isPublic: true, productIds: [product.id] } })).body;
});
afterAll(() => t.close());

it('refuses a second stream from another address of the same IPv6 /64, and not from another /64', async () => {
  const app = new Hono<AppEnv>()
    .use((c, next) => {
      c.set('services', t.services);
      return next();
    })
    .use(authenticate)
    .route('/api', menuEventRoutes(new PublicMenuCache(), { maxStreamsPerClient: 1 }));
  app.onError(handleError);
  const open = (address: string) => app.request(`/api/public/menu/${menu.publicLinkId}/events`, {}, fromAddress(address));

  const first = await open('2001:db8:9:9::1');
  expect(first.status).toBe(200);
  expect((await open('2001:db8:9:9::2')).status).toBe(429);
  const elsewhere = await open('2001:db8:9:a::1');
  expect(elsewhere.status).toBe(200);
  await eventReader(elsewhere).close();
  await eventReader(first).close();
});
