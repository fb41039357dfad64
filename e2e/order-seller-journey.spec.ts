/**
 * The seller's side of an order: from the Orders board, accept a buyer's order, fulfil it, deliver it short, record
 * the payment of what was delivered and download the invoice; each step shows on the order's page and reaches the
 * server.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';

type OrderOnServer = { id: string; number: string; status: string; total: string; amountPaid: string; paymentStatus: string };

test('the seller accepts, fulfils, delivers short, records the payment and downloads the invoice', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
  const buyer = await apiLogin(await registerAccount('buyer'));
  const placed = await apiPost<OrderOnServer>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: haze.id, quantity: '10' }] });

  await signIn(page, seller.account);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page
    .getByRole('region', { name: 'New' })
    .getByRole('link', { name: new RegExp(placed.number) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${placed.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Fulfil', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  const deliver = page.getByRole('dialog', { name: `Deliver ${placed.number}` });
  await deliver.getByLabel(`${haze.strainName} (oz)`).fill('8');
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('table')).toContainText('8 oz');

  await page.getByRole('button', { name: 'Record a payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(payment.getByLabel('Amount received')).toHaveValue('100.00');
  await payment.getByLabel('Paid by').selectOption('check');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('button', { name: 'Record a payment' })).toHaveCount(0);

  await expectAllSynced(page, 20_000);
  const onServer = await apiGet<OrderOnServer>(`/api/orders/${placed.id}`, seller.session);
  expect(onServer).toMatchObject({ status: 'delivered', total: '100.00', amountPaid: '100.00', paymentStatus: 'paid' });

  // The invoice, re-issued after delivery, saved under its number.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the invoice (PDF)' }).click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toBe(`INV-${placed.number}.pdf`);
  const bytes = await readFile(await invoice.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});
