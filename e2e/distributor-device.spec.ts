/**
 * A distributor's device, with three thousand orders: its first pull comes in pages
 * (docs/decisions/019-a-first-pull-in-pages.md), the screens open on the first page saying what is still coming, and
 * the board then counts every order the device keeps; a search finds one among them; an order closed long ago opens
 * from Older orders online, and one never opened says offline that it needs a connection; an order written offline is
 * sent when the network returns. The orders are made through the sync push, as a seller's devices would send them, and
 * aged straight in the database of a server of the test's own.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { apiGet, apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLENTY = '100000';
/** Orders closed half a year ago (the archive) and orders still new (on the device). */
const ARCHIVED = 1_800;
const OPEN = 1_200;
/** As many order creations as one push carries (MAX_PUSH_BATCH). */
const PUSH_BATCH = 500;

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer({ ORDERS_PER_MINUTE: PLENTY, ORDERS_PER_DAY: PLENTY, ORDERS_PER_PAIR_PER_HOUR: PLENTY });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

const post = <T>(path: string, session: ApiSession, body: unknown) => apiPost<T>(path, session, body, server.url);

type OrderOnServer = { id: string; number: string };

/** `count` orders of one line each for the customer, pushed a batch at a time as one device's outbox. */
async function pushOrders(session: ApiSession, device: { clientId: string; seq: number }, customerId: string, productId: string, count: number): Promise<void> {
  for (let made = 0; made < count; made += PUSH_BATCH) {
    const mutations = Array.from({ length: Math.min(PUSH_BATCH, count - made) }, () => ({
      seq: ++device.seq,
      name: 'order.create',
      args: { id: randomUUID(), customerId, lines: [{ productId, quantity: '1' }], accept: false },
    }));
    const answer = await post<{ results: Array<{ outcome: string }> }>('/api/sync/push', session, { clientId: device.clientId, mutations });
    expect(answer.results.every((result) => result.outcome === 'applied')).toBe(true);
  }
}

/** A distributor with one customer and 3,000 orders for it: 1,800 cancelled half a year ago, 1,200 still new. */
async function distributor() {
  const account = await registerAccountAt(server.url, 'seller');
  const session = await apiLogin(account, server.url);
  const gelato = await post<{ id: string; strainName: string }>('/api/products', session, {
    strainName: 'Gelato',
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '10.00',
    availableQuantity: '1000000',
    lotSize: 1,
  });
  const customer = await post<{ id: string; name: string }>('/api/customers', session, { id: randomUUID(), name: 'Harbor Dispensary' });
  const device = { clientId: randomUUID(), seq: 0 };
  await pushOrders(session, device, customer.id, gelato.id, ARCHIVED);
  const halfAYearAgo = Date.now() - 180 * DAY_MS;
  expect(await server.execute("UPDATE orders SET status = 'cancelled', updated_at = $1 WHERE seller_id = $2", [halfAYearAgo, session.userId])).toBe(ARCHIVED);
  await pushOrders(session, device, customer.id, gelato.id, OPEN);
  const archive = await apiGet<{ orders: OrderOnServer[]; total: number }>('/api/orders?archived=true&limit=2', session, server.url);
  expect(archive.total).toBe(ARCHIVED);
  const open = await apiGet<{ orders: OrderOnServer[] }>('/api/orders?status=submitted&limit=1', session, server.url);
  return { account, gelato, customer, archived: archive.orders, newest: open.orders[0]! };
}

/** Holds back every page of a pull after the first until `release` is called. */
async function holdLaterPages(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/sync/pull' && url.searchParams.has('page'),
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a distributor signs in on a new device: the first pull comes in pages, the board holds 1,200 orders, the archive needs a connection, an order goes offline', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const { account, gelato, customer, archived, newest } = await distributor();
  const releaseLaterPages = await holdLaterPages(page);
  await signIn(page, account, server.url);

  // The first page (the product, the customer and 998 orders) is in; the rest is held back on its way.
  await expect(page.getByRole('status').filter({ hasText: `Getting your orders: 998 of ${OPEN.toLocaleString('en-US')} orders` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'New (998)' })).toBeVisible();
  releaseLaterPages();
  await expect(page.getByRole('heading', { name: `New (${OPEN})` })).toBeVisible();
  await expect(page.getByText(/^Getting your/)).toHaveCount(0);

  await waitForServiceWorkerControl(page);
  await expect(page.getByRole('heading', { name: `New (${OPEN})` })).toBeVisible();
  await page.getByLabel('Search orders').fill(newest.number);
  const newColumn = page.getByRole('region', { name: 'New' });
  await expect(newColumn.getByRole('link')).toHaveCount(1);
  await expect(newColumn.getByRole('link', { name: new RegExp(`^${newest.number} `) })).toBeVisible();

  const [opened, neverOpened] = [archived[0]!, archived[1]!];
  await page.getByLabel('Search orders').fill(opened.number);
  const older = page.getByRole('region', { name: 'Older orders' });
  await older.getByRole('button', { name: 'Show older orders' }).click();
  await older.getByRole('link', { name: new RegExp(`^${opened.number} `) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(opened.number) })).toBeVisible();
  await expect(page.getByText('Cancelled').first()).toBeVisible();

  await goOffline(context);
  await navigateInApp(page, `/orders/${neverOpened.id}`);
  await expect(page.getByText('Orders closed more than 90 days ago stay on the server: they need a connection.')).toBeVisible();
  await navigateInApp(page, `/orders/${opened.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(opened.number) })).toBeVisible();

  await navigateInApp(page, '/orders');
  await page.getByRole('link', { name: 'New order' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer.name });
  await page.getByLabel('Add a product').fill('gelato');
  await page.getByRole('button', { name: new RegExp(gelato.strainName) }).click();
  await page.getByLabel(`Quantity of ${gelato.strainName}`).fill('3');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Waiting to send').first()).toBeVisible();

  await goOnline(context);
  await expectAllSynced(page, 30_000);
  await expect(page.getByRole('heading', { level: 1, name: /^Order SO-\d+$/ })).toBeVisible();
  await navigateInApp(page, '/orders');
  // Written for the customer, it was accepted as it was written.
  await expect(page.getByRole('heading', { name: 'Accepted (1)' })).toBeVisible();
});
