/**
 * An order written by the seller: at a booth with no signal, the seller writes an order for one of their customers
 * from the Orders board; it waits on the device as 'Waiting to send' and gets its number (accepted, as the seller sent
 * it) when the network returns; raising a line then sends it to the buyer for approval. One the server refuses (the
 * stock went meanwhile) stays under 'Needs attention' and is sent again edited from the same form.
 */
import { randomUUID } from 'node:crypto';
import { apiGet, type ApiSession } from './support/api';
import { test as base, expect, signIn } from './support/fixtures';
import { apiPost, apiPut, createProduct, sellerWithBusiness, uniqueTag, type CreatedProduct } from './support/marketplace';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';

/** A seller at the booth, offline, with a new order for their customer holding one product whose quantity is still to type. */
type BoothOrder = { seller: { session: ApiSession }; haze: CreatedProduct; customer: { id: string; name: string } };

const test = base.extend<{ boothOrder: BoothOrder }>({
  boothOrder: async ({ page, context }, use) => {
    const tag = uniqueTag();
    const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
    // Lots of 2 oz at $12.50, 50 in stock.
    const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 2 });
    const customer = await apiPost<{ id: string; name: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Green Leaf ${tag}` });

    await signIn(page, seller.account);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page, 15_000);

    await goOffline(context);
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByLabel('Customer').selectOption({ label: customer.name });
    await page.getByLabel('Add a product').fill(`haze ${tag}`);
    await page.getByRole('button', { name: new RegExp(haze.strainName) }).click();
    await use({ seller, haze, customer });
  },
});

// Each test signs a seller in, readies the device for offline use and syncs over the network more than once.
test.describe.configure({ timeout: 180_000 });

test('a seller writes an order for a customer offline, it is numbered when the network returns, and raising a line asks the buyer', async ({ page, context, boothOrder }) => {
  const { seller, haze, customer } = boothOrder;
  const quantity = page.getByLabel(`Quantity of ${haze.strainName}`);
  await quantity.fill('1');
  await expect(page.getByText('the minimum order is 2 oz')).toBeVisible();
  await quantity.fill('4');
  await expect(page.getByText('Total $50.00')).toBeVisible();
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Waiting to send').first()).toBeVisible();
  await expect(page.getByText(customer.name)).toBeVisible();

  await goOnline(context);
  await expectAllSynced(page, 20_000);
  await expect(page.getByRole('heading', { level: 1, name: /^Order SO-\d+$/ })).toBeVisible();
  await expect(page.getByText('Waiting to send').first()).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit lines' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit the lines of SO-/ });
  await edit.getByLabel(`Quantity of ${haze.strainName}`).fill('6');
  await edit.getByRole('button', { name: 'Save the lines' }).click();
  await expect(page.getByText("Awaiting buyer's approval").first()).toBeVisible();
  await expect(page.getByRole('table')).toContainText('$75.00');
  await expectAllSynced(page, 20_000);
  const onServer = await apiGet<{ status: string; total: string }>(`/api/orders/${new URL(page.url()).pathname.split('/').pop()}`, seller.session);
  expect(onServer).toMatchObject({ status: 'awaiting_buyer', total: '75.00' });
});

test('a booth order the server refuses is kept under Needs attention and sent again edited from the order form', async ({ page, context, boothOrder }) => {
  const { seller, haze, customer } = boothOrder;
  await page.getByLabel(`Quantity of ${haze.strainName}`).fill('40');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Waiting to send').first()).toBeVisible();
  // Meanwhile the stock is sold from another device: the server will refuse the order.
  await apiPut(`/api/products/${haze.id}`, seller.session, { availableQuantity: '10' });
  await goOnline(context);
  await expect(page.getByRole('alert').filter({ hasText: 'This order could not be placed: Not enough in stock' })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Back to orders' }).click();
  const needsAttention = page.getByRole('region', { name: 'Needs attention' });
  await needsAttention.getByRole('button', { name: 'Edit and send again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Not enough in stock for ${haze.strainName} (10 left)` })).toBeVisible();
  await expect(page.getByLabel('Customer')).toHaveValue(customer.id);
  const quantity = page.getByLabel(`Quantity of ${haze.strainName}`);
  await expect(quantity).toHaveValue('40');
  await quantity.fill('10');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expectAllSynced(page, 20_000);
  await expect(page.getByRole('heading', { level: 1, name: /^Order SO-\d+$/ })).toBeVisible();
  const { orders } = await apiGet<{ orders: Array<{ total: string; status: string }> }>('/api/orders', seller.session);
  // Sent with 'Accept it now' as the form starts it, it is accepted at once.
  expect(orders).toEqual([expect.objectContaining({ total: '125.00', status: 'accepted' })]);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(needsAttention).toHaveCount(0);
});
