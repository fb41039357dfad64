/**
 * The seller's Orders board and an order's page: the board finds an order by a product on it and exports the orders it
 * shows as CSV; the order page lists the payments, and its timeline records an edit of the lines and a payment, with
 * who and when; an order the seller writes is accepted at once unless 'Accept it now' is unticked.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { apiGet, apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';
import { expectToastShown, noteToasts } from './support/toasts';

type OrderOnServer = { id: string; number: string; status: string; total: string; amountPaid: string };

test.beforeEach(({ page }) => noteToasts(page));

/** A seller with two products on a menu, and a buyer's order of each. */
async function sellerWithOrders() {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const kush = await createProduct(seller.session, { strainName: `Kush ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '20.00', availableQuantity: '50', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id, kush.id] });
  const buyer = await apiLogin(await registerAccount('buyer'));
  const order = (productId: string, quantity: string) => apiPost<OrderOnServer>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId, quantity }] });
  return { seller, haze, kush, hazeOrder: await order(haze.id, '10'), kushOrder: await order(kush.id, '2') };
}

async function openOrders(page: Page) {
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

test('the board finds an order by a product on it and exports the orders it shows as CSV', async ({ page }) => {
  const { seller, kush, hazeOrder, kushOrder } = await sellerWithOrders();
  await signIn(page, seller.account);
  await openOrders(page);
  const board = page.getByRole('region', { name: 'New' });
  await expect(board.getByRole('link')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Search orders').fill(kush.strainName.toLowerCase());
  await expect(board.getByRole('link')).toHaveCount(1);
  await expect(board.getByRole('link', { name: new RegExp(kushOrder.number) })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = Papa.parse<Record<string, string>>((await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  expect(rows).toEqual([expect.objectContaining({ Number: kushOrder.number, Status: 'Submitted', Total: '40.00', 'Payment status': 'Unpaid' })]);

  await page.getByLabel('Search orders').fill('');
  await expect(board.getByRole('link', { name: new RegExp(hazeOrder.number) })).toBeVisible();
});

test("the order page lists the payments, and the timeline records the seller's edit of the lines and the payment, with who and when", async ({ page }) => {
  test.setTimeout(180_000);
  const { seller, haze, hazeOrder } = await sellerWithOrders();
  await signIn(page, seller.account);
  await openOrders(page);
  await page
    .getByRole('region', { name: 'New' })
    .getByRole('link', { name: new RegExp(hazeOrder.number) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${hazeOrder.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectToastShown(page, 'Order accepted');
  await page.getByRole('button', { name: 'Edit lines' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit the lines of SO-/ });
  await edit.getByLabel(`Quantity of ${haze.strainName}`).fill('8');
  // Back asks before it closes lines being edited; Cancel keeps them.
  await page.goBack();
  await page.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(edit.getByLabel(`Quantity of ${haze.strainName}`)).toHaveValue('8');
  await edit.getByRole('button', { name: 'Save the lines' }).click();
  await expect(page.getByRole('table')).toContainText('$100.00');

  await page.getByRole('button', { name: 'Record a payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await payment.getByLabel('Amount received').fill('40');
  await payment.getByLabel('Paid by').selectOption('check');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expectToastShown(page, 'Payment recorded');

  const payments = page.getByRole('list', { name: 'Payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments.getByRole('listitem')).toContainText('$40.00');
  await expect(payments.getByRole('listitem')).toContainText('Check');
  await expect(payments.getByRole('listitem')).toContainText('recorded by Sam');

  const timeline = page.getByRole('list', { name: 'Timeline' });
  const steps = timeline.locator(':scope > li');
  await expect(steps.first()).toContainText('Submitted');
  await expect(timeline).toContainText('Lines changed');
  await expect(timeline.getByRole('list', { name: 'What changed' })).toHaveText(`${haze.strainName}: 10 oz → 8 oz`);
  await expect(timeline).toContainText('Payment of $40.00 recorded (Check)');
  await expect(steps.last()).toContainText('Sam');
  expect(await seriousViolations(page)).toEqual([]);

  await expectAllSynced(page, 20_000);
  const onServer = await apiGet<OrderOnServer & { history: Array<{ byName: string; lineChanges?: unknown[]; payment?: { amount: string } }> }>(
    `/api/orders/${hazeOrder.id}`,
    seller.session,
  );
  expect(onServer).toMatchObject({ status: 'accepted', total: '100.00', amountPaid: '40.00' });
  expect(onServer.history.filter((entry) => entry.lineChanges || entry.payment)).toEqual([
    expect.objectContaining({ byName: 'Sam', lineChanges: [expect.objectContaining({ from: '10.000', to: '8.000' })] }),
    expect.objectContaining({ byName: 'Sam', payment: { amount: '40.00', method: 'check' } }),
  ]);
});

test("an order the seller writes is accepted as it is sent, unless 'Accept it now' is unticked", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Booth Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const customer = await apiPost<{ id: string; name: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Green Leaf ${tag}` });
  await signIn(page, seller.account);

  async function writeOrder(acceptNow: boolean): Promise<string> {
    await openOrders(page);
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByLabel('Customer').selectOption({ label: customer.name });
    await page.getByLabel('Add a product').fill(`haze ${tag}`);
    await page.getByRole('button', { name: new RegExp(haze.strainName) }).click();
    await page.getByLabel(`Quantity of ${haze.strainName}`).fill('4');
    const accept = page.getByRole('checkbox', { name: 'Accept it now' });
    await expect(accept).toBeChecked();
    if (!acceptNow) await accept.uncheck();
    await page.getByRole('button', { name: 'Submit order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order SO-\d+$/ })).toBeVisible({ timeout: 20_000 });
    return new URL(page.url()).pathname.split('/').pop()!;
  }

  const accepted = await writeOrder(true);
  await expect(page.getByRole('button', { name: 'Fulfil', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  const waiting = await writeOrder(false);
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

  await expectAllSynced(page, 20_000);
  expect((await apiGet<OrderOnServer>(`/api/orders/${accepted}`, seller.session)).status).toBe('accepted');
  expect((await apiGet<OrderOnServer>(`/api/orders/${waiting}`, seller.session)).status).toBe('submitted');
  const products = await apiGet<Array<{ id: string; availableQuantity: string }>>('/api/products', seller.session);
  expect(products.find((product) => product.id === haze.id)?.availableQuantity).toBe('46.000');
});
