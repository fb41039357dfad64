/**
 * Each buyer's own prices: a buyer the seller gave a price list opens their saved copy of the seller's menu with no
 * connection and sees their price, the list price struck through beside it, and their quantity price. The list and the
 * customer entry are written straight to the database of a server of the test's own, as the customer book would write
 * them.
 */
import { randomUUID } from 'node:crypto';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer();
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function post<T>(path: string, session: ApiSession, body: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A seller's menu of two products, and a buyer on a list that lowers one price (with a break) and hides the other. */
async function buyerOnPriceList() {
  const seller = await apiLogin(await registerAccountAt(server.url, 'seller'), server.url);
  const product = (strainName: string, pricePerUnit: string) =>
    post<{ id: string }>('/api/products', seller, { strainName, category: 'flower', unitType: 'oz', pricePerUnit, availableQuantity: '50', lotSize: 1 });
  const glacier = await product('Glacier Kush', '30.00');
  const ember = await product('Ember Haze', '12.00');
  const menu = await post<{ id: string; publicLinkId: string }>('/api/menus', seller, { name: 'Ridge Weekly', isPublic: false, productIds: [glacier.id, ember.id] });

  const buyerAccount = await registerAccountAt(server.url, 'buyer');
  const buyer = await apiLogin(buyerAccount, server.url);
  const listId = randomUUID();
  const entries = [
    { productId: glacier.id, price: '25.00', percentOff: null, hidden: false, minQuantity: null, increment: null, breaks: [{ minQuantity: '10', price: '22.00' }] },
    { productId: ember.id, price: null, percentOff: null, hidden: true, minQuantity: null, increment: null, breaks: [] },
  ];
  const now = Date.now();
  await server.execute('INSERT INTO price_lists (id, user_id, name, entries, version, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, $5, $5)', [
    listId,
    seller.userId,
    'Partners',
    JSON.stringify(entries),
    now,
  ]);
  await server.execute('INSERT INTO customers (id, user_id, name, buyer_team_id, price_list_id, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 0, $6, $6)', [
    randomUUID(),
    seller.userId,
    'Bea’s Dispensary',
    buyer.userId,
    listId,
    now,
  ]);
  return { menu, buyerAccount, buyer, seller, glacier };
}

test('a buyer with a price list opens a saved menu offline and sees their prices, the list price struck through', async ({ page, context }) => {
  test.setTimeout(180_000);
  const { menu, buyerAccount, buyer } = await buyerOnPriceList();
  await post('/api/saved-menus', buyer, { menuId: menu.id, publicLinkId: menu.publicLinkId });

  await signIn(page, buyerAccount, server.url);
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);
  await goOffline(context);
  try {
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Saved Menus' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Ridge Weekly' }).getByRole('link', { name: 'Open menu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ridge Weekly' })).toBeVisible();

    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Glacier Kush' });
    await expect(card.locator('s')).toHaveText('List price $30.00');
    await expect(card).toContainText('$25.00');
    await expect(card).toContainText('$22.00 from 10 oz');
    // The product the buyer's list hides is not on their copy.
    await expect(page.getByText('Ember Haze')).toHaveCount(0);
  } finally {
    await goOnline(context);
  }
});

test('a guest who signs in on the menu sees their own prices there at once, and the cart offers only what they may order', async ({ page }) => {
  test.setTimeout(180_000);
  const { menu, buyerAccount } = await buyerOnPriceList();
  await page.goto(`${server.url}/menu/${menu.publicLinkId}`);
  const glacier = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Glacier Kush' });
  await expect(glacier).toContainText('$30.00');
  await expect(glacier.locator('s')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Ember Haze' })).toBeVisible();

  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create a free buyer account' }).getByRole('button', { name: 'Sign in' }).click();
  const signInDialog = page.getByRole('dialog', { name: 'Sign in' });
  await signInDialog.getByLabel('Email').fill(buyerAccount.email);
  await signInDialog.getByLabel('Password', { exact: true }).fill(buyerAccount.password);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInDialog).toBeHidden();

  // The same page, with no reload: the buyer's price beside the list price, and the product hidden from them gone.
  await expect(page).toHaveURL(new RegExp(`/menu/${menu.publicLinkId}$`));
  await expect(glacier.locator('s')).toHaveText('List price $30.00');
  await expect(glacier).toContainText('$25.00');
  await expect(page.getByText('Ember Haze')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Ember Haze to cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Glacier Kush to cart' }).click();
  await page.getByRole('button', { name: 'Cart (1)' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toContainText('$25.00');
  await expect(cart).not.toContainText('$30.00 each');
});

test("a signed-in buyer's open menu follows the seller's changes at their own prices, with no second request for the menu", async ({ page }) => {
  test.setTimeout(180_000);
  const { menu, buyerAccount, seller, glacier } = await buyerOnPriceList();
  await signIn(page, buyerAccount, server.url);
  const menuRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/public/menu/${menu.publicLinkId}`) menuRequests.push(request.url());
  });
  const streamOpened = page.waitForRequest((request) => request.url().includes(`/api/public/menu/${menu.publicLinkId}/events`));
  await page.goto(`${server.url}/menu/${menu.publicLinkId}`);
  const glacierCard = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Glacier Kush' });
  await expect(glacierCard.locator('s')).toHaveText('List price $30.00');
  await expect(glacierCard).toContainText('$25.00');
  await streamOpened;
  const requestsBefore = menuRequests.length;

  // The seller raises the list price: the buyer's own price stays, the list price beside it follows, from the stream alone.
  await post(`/api/products/${glacier.id}`, seller, { pricePerUnit: '35.00' }, 'PUT');
  await expect(glacierCard.locator('s')).toHaveText('List price $35.00');
  await expect(glacierCard).toContainText('$25.00');
  expect(menuRequests.length).toBe(requestsBefore);
});
