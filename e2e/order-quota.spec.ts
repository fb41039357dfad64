/**
 * An order over the order quota (docs/security.md's Orders and money): the server answers the push 429 with
 * Retry-After, and the buyer is told plainly, in the server's words, that the order is kept on the device and will be
 * sent by itself; it waits as 'Waiting to send' and nothing of it is lost. The server is one of the test's own, with
 * one order an hour allowed from a buyer to a seller.
 */
import { randomUUID } from 'node:crypto';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { syncStatus } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer({ ORDERS_PER_PAIR_PER_HOUR: '1' });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function post<T>(path: string, session: ApiSession, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

test('an order over the quota waits on the device, and the buyer is told why and that it goes by itself', async ({ page }) => {
  test.setTimeout(180_000);
  const seller = await apiLogin(await registerAccountAt(server.url, 'seller'), server.url);
  const product = await post<{ id: string; strainName: string }>('/api/products', seller, {
    strainName: 'Quota Haze',
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '12.50',
    availableQuantity: '50',
    lotSize: 1,
  });
  const menu = await post<{ id: string; publicLinkId: string }>('/api/menus', seller, { name: 'Quota List', isPublic: true, productIds: [product.id] });
  const buyerAccount = await registerAccountAt(server.url, 'buyer');
  // The buyer's one order of the hour to this seller, from another device.
  await post('/api/orders', await apiLogin(buyerAccount, server.url), { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '1' }] });

  await signIn(page, buyerAccount, server.url);
  await page.goto(`${server.url}/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: `Add ${product.strainName} to cart` }).click();
  await page.getByLabel(`Quantity of ${product.strainName} in cart`).fill('2');
  await page.getByRole('button', { name: 'Cart (1)' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await cart.getByRole('button', { name: 'Submit order' }).click();
  await expect(cart).toBeHidden();

  const quota = 'You have placed too many orders. Please try again in 60 minutes.';
  await expect(syncStatus(page)).toHaveAccessibleName('Sync status: The server asked this device to wait; 1 change will sync by themselves', { timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByRole('status').filter({ hasText: quota })).toHaveText(`${quota} The order is kept on this device and will be sent by itself, with nothing more to do.`);
  await expect(page.getByText('Waiting to send').first()).toBeVisible();
  await page.getByRole('link', { name: /New order/ }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect(page.getByText('Waiting to send').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: quota })).toContainText('The order is kept on this device and will be sent by itself');
  await expect(syncStatus(page)).toHaveAccessibleName('Sync status: The server asked this device to wait; 1 change will sync by themselves');
});
