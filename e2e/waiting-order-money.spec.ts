/**
 * An order waiting to send shows the cart's money: a buyer on Net 15 whose price list gives a quantity-break price
 * fills the cart past the break with no connection and submits. The order waiting on the device shows exactly what the
 * cart showed, the buyer's terms and 'Waiting to send', and its timeline says nothing was submitted yet. The seller
 * changes the price meanwhile; once the server answers, the order page says what differs. The customer entry (its
 * terms and list) is written straight to the database of a server of the test's own, as the customer book would write
 * it once the buyer confirmed their address.
 */
import { randomUUID } from 'node:crypto';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';
import { expectToastShown, noteToasts } from './support/toasts';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer();
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function send<T>(method: 'POST' | 'PUT', path: string, session: ApiSession, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Glacier Kush at $1,500.00 a pound; on the buyer's list, $1,421.00 from 10 lb (or the given break price). */
const partnersList = (productId: string, breakPrice: string) => ({
  name: 'Partners',
  entries: [{ productId, price: null, percentOff: null, hidden: false, minQuantity: null, increment: null, breaks: [{ minQuantity: '10', price: breakPrice }] }],
});

/** A seller's menu of one product, and a buyer in the seller's book on Net 15 with a list that has a quantity break. */
async function net15BuyerWithBreak() {
  const seller = await apiLogin(await registerAccountAt(server.url, 'seller'), server.url);
  const glacier = await send<{ id: string }>('POST', '/api/products', seller, {
    strainName: 'Glacier Kush',
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '1500.00',
    availableQuantity: '20',
    lotSize: 1,
  });
  const menu = await send<{ publicLinkId: string }>('POST', '/api/menus', seller, { name: 'Ridge Weekly', isPublic: true, productIds: [glacier.id] });
  const list = await send<{ id: string }>('POST', '/api/price-lists', seller, partnersList(glacier.id, '1421.00'));

  const buyerAccount = await registerAccountAt(server.url, 'buyer');
  const buyer = await apiLogin(buyerAccount, server.url);
  const now = Date.now();
  await server.execute(
    'INSERT INTO customers (id, user_id, name, buyer_team_id, price_list_id, payment_terms, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7)',
    [randomUUID(), seller.userId, 'Bea’s Dispensary', buyer.userId, list.id, 'net15', now],
  );
  /** The seller raises the break price on the buyer's list. */
  const raiseBreakPrice = (price: string) => send('PUT', `/api/price-lists/${list.id}`, seller, partnersList(glacier.id, price));
  return { menu, buyerAccount, raiseBreakPrice };
}

test('an order waiting to send shows the cart’s money and terms, and says what differs once the seller answers', async ({ page, context }) => {
  test.setTimeout(180_000);
  const { menu, buyerAccount, raiseBreakPrice } = await net15BuyerWithBreak();
  await noteToasts(page);
  await signIn(page, buyerAccount, server.url);
  await page.goto(`${server.url}/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await page.goto(`${server.url}/saved-menus`);
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);

  await goOffline(context);
  try {
    await page.getByRole('listitem').filter({ hasText: 'Ridge Weekly' }).getByRole('link', { name: 'Open menu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ridge Weekly' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Glacier Kush to cart' }).click();
    await page.getByLabel('Quantity of Glacier Kush in cart').fill('15');
    await page.getByRole('button', { name: 'Cart (1)' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByRole('list', { name: 'Cart lines' })).toContainText('$1,421.00 / lb · $21,315.00');
    await expect(cart.getByText('Total: $21,315.00')).toBeVisible();
    await cart.getByRole('button', { name: 'Submit order' }).click();
    await expectToastShown(page, 'Order saved');
    await expectToastShown(page, 'It goes to the seller as soon as you are online');

    // The order page, with nothing sent: the cart's lines and total, the buyer's terms, and no 'Submitted' yet.
    const lines = page.getByRole('region', { name: 'Order lines' });
    await expect(lines).toContainText('15 lb');
    await expect(lines).toContainText('$1,421.00');
    await expect(lines).toContainText('$21,315.00');
    const summary = page.getByRole('region', { name: 'Invoice summary' });
    await expect(summary).toContainText('Total$21,315.00');
    await expect(summary).toContainText('Net 15.');
    await expect(summary).not.toContainText('Cash on delivery');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Waiting to send');
    await expect(timeline).not.toContainText('Submitted');

    // My orders says the same.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'My Orders' }).click();
    const waiting = page.getByRole('list', { name: 'Orders' }).getByRole('link').filter({ hasText: 'New order' });
    await expect(waiting).toContainText('$21,315.00');
    await expect(waiting).toContainText('Waiting to send');
    await waiting.click();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Waiting to send');

    // Meanwhile the seller raises the buyer's break price: the server prices the order at $1,450.00 a pound.
    await raiseBreakPrice('1450.00');
  } finally {
    await goOnline(context);
  }

  await expectAllSynced(page, 20_000);
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  const differs = page.getByRole('status').filter({ hasText: 'The seller’s answer differs from what your cart showed' });
  const said = differs.getByRole('list', { name: 'What differs' }).getByRole('listitem');
  await expect(said).toHaveText(['Glacier Kush: $1,450.00, not $1,421.00', 'Total: $21,750.00, not $21,315.00']);
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Submitted');
  await expect(page.getByRole('region', { name: 'Invoice summary' })).toContainText('Net 15.');
});
