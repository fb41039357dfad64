/**
 * A seller's device keeps open orders and those closed lately (docs/decisions/018-a-working-set-of-orders.md): the
 * board draws a page of each column; orders closed long ago are not on the board, come from the server under Older
 * orders when online, open from there and, once opened, offline too; an older order never opened says plainly offline
 * that it needs a connection. The device keeps a month, 90 days or a year of closed orders, as chosen for it. The
 * orders are aged straight in the database of a server of the test's own, as two years of trade would leave them.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { goOffline } from './support/network';
import { waitForServiceWorkerControl } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLENTY = '100000';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer({ ORDERS_PER_MINUTE: PLENTY, ORDERS_PER_DAY: PLENTY, ORDERS_PER_PAIR_PER_HOUR: PLENTY });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

type OrderOnServer = { id: string; number: string };

const post = <T>(path: string, session: ApiSession, body?: unknown) => apiPost<T>(path, session, body ?? {}, server.url);

/** A seller with 50 orders from one buyer: 20 cancelled half a year ago, 4 cancelled lately, 26 still new. */
async function sellerWithHistory() {
  const sellerAccount = await registerAccountAt(server.url, 'seller');
  const seller = await apiLogin(sellerAccount, server.url);
  const gelato = await post<{ id: string }>('/api/products', seller, {
    strainName: 'Gelato',
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '10.00',
    availableQuantity: '10000',
    lotSize: 1,
  });
  const menu = await post<{ id: string }>('/api/menus', seller, { name: 'House List', isPublic: true, productIds: [gelato.id] });
  const buyer = await apiLogin(await registerAccountAt(server.url, 'buyer'), server.url);
  const orders: OrderOnServer[] = [];
  for (let n = 0; n < 50; n++)
    orders.push(await post<OrderOnServer>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: gelato.id, quantity: '1' }] }));
  for (const order of orders.slice(0, 24)) await post(`/api/orders/${order.id}/cancel`, seller);
  const halfAYearAgo = Date.now() - 180 * DAY_MS;
  for (const order of orders.slice(0, 20)) expect(await server.execute('UPDATE orders SET updated_at = $1 WHERE id = $2', [halfAYearAgo, order.id])).toBe(1);
  return { sellerAccount, old: orders.slice(0, 20), recent: orders.slice(20) };
}

/** Goes to `path` inside the app, as a link would, with no page load (so it works offline). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('orders closed long ago stay on the server: Older orders brings them, and one opened there opens offline', async ({ page, context }) => {
  test.setTimeout(180_000);
  const { sellerAccount, old } = await sellerWithHistory();
  await signIn(page, sellerAccount, server.url);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();

  await expect(page.getByRole('heading', { name: 'New (26)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Closed (4)' })).toBeVisible();
  // A column draws a page of orders, and the rest on asking.
  const newColumn = page.getByRole('region', { name: 'New' });
  await expect(newColumn.getByRole('link')).toHaveCount(25);
  await newColumn.getByRole('button', { name: 'Show 1 more' }).click();
  await expect(newColumn.getByRole('link')).toHaveCount(26);
  const [oldest, another] = [old[0]!, old[1]!];
  await page.getByLabel('Search orders').fill(oldest.number);
  await expect(page.getByText('No orders match.')).toBeVisible();

  const older = page.getByRole('region', { name: 'Older orders' });
  await older.getByRole('button', { name: 'Show older orders' }).click();
  await expect(older.getByRole('link')).toHaveCount(1);
  await page.getByLabel('Search orders').fill('');
  await expect(older.getByRole('link')).toHaveCount(20);
  await expect(older.getByText('1–20 of 20')).toBeVisible();

  await older.getByRole('link', { name: new RegExp(`^${oldest.number} `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(oldest.number) })).toBeVisible();
  await expect(page.getByText('Cancelled').first()).toBeVisible();

  await goOffline(context);
  await navigateInApp(page, '/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('region', { name: 'Older orders' }).getByRole('button', { name: 'Show older orders' }).click();
  await expect(page.getByText('Orders closed more than 90 days ago stay on the server: they need a connection.')).toBeVisible();

  await navigateInApp(page, `/orders/${oldest.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(oldest.number) })).toBeVisible();
  await navigateInApp(page, `/orders/${another.id}`);
  await expect(page.getByText('Orders closed more than 90 days ago stay on the server: they need a connection.')).toBeVisible();
});

test('a device keeps the closed orders of the window chosen for it: a month lets the older go, a year brings half a year back, offline too', async ({ page, context }) => {
  test.setTimeout(180_000);
  const { sellerAccount, old, recent } = await sellerWithHistory();
  const sixWeeksAgo = Date.now() - 42 * DAY_MS;
  for (const order of recent.slice(0, 2)) expect(await server.execute('UPDATE orders SET updated_at = $1 WHERE id = $2', [sixWeeksAgo, order.id])).toBe(1);
  await signIn(page, sellerAccount, server.url);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Closed (4)' })).toBeVisible();

  const keptFor = page.getByRole('region', { name: 'Older orders' }).getByLabel('Closed orders kept on this device');
  await expect(keptFor).toHaveValue('90');
  await keptFor.selectOption({ label: '30 days' });
  await expect(page.getByRole('heading', { name: 'Closed (2)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Older orders' })).toContainText('Orders closed more than 30 days ago stay on the server.');

  await keptFor.selectOption({ label: 'A year' });
  await expect(page.getByRole('heading', { name: 'Closed (24)' })).toBeVisible();
  // Reloaded once the app's service worker holds it, so that it opens offline.
  await waitForServiceWorkerControl(page);
  await expect(page.getByRole('heading', { name: 'Closed (24)' })).toBeVisible();
  await expect(keptFor).toHaveValue('365');

  await goOffline(context);
  const halfAYearOld = old[0]!;
  await page.getByLabel('Search orders').fill(halfAYearOld.number);
  await page.getByRole('link', { name: new RegExp(`^${halfAYearOld.number} `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(halfAYearOld.number) })).toBeVisible();
});
