/**
 * A seller gives one customer their own prices: a price list with a lower price for one product and another product
 * hidden, then a customer and a menu on that list; another device of theirs shows the list and the customer.
 */
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';

test('a seller makes a price list with a price and a hidden product, and puts a customer and a menu on it', async ({ page, browser }) => {
  const account = await registerAccount('seller');
  const session = await apiLogin(account);
  const product = (strainName: string) =>
    apiPost<{ id: string }>('/api/products', session, { strainName, category: 'flower', unitType: 'lb', pricePerUnit: '1200', availableQuantity: '10' });
  await product('Blue Dream');
  await product('Gelato');
  await signIn(page, account);

  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Price lists' }).click();
  await page.getByRole('link', { name: 'New price list' }).click();
  await page.getByLabel('Name').fill('Gold');
  await page.getByLabel('Price for Blue Dream').fill('1100');
  await page.getByLabel('Hide for Gelato').check();
  await page.getByRole('button', { name: 'Save price list' }).click();
  await expect(page.getByRole('heading', { name: 'Gold', level: 1 })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByText('No customers yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });
  await dialog.getByLabel('Name').fill('Green Leaf Dispensary');
  await dialog.getByLabel('Payment terms').selectOption({ label: 'Net 30' });
  await dialog.getByLabel('Price list').selectOption({ label: 'Gold' });
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  const card = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
  await expect(card).toContainText('Green Leaf Dispensary');
  await expect(card).toContainText('Net 30 · Gold');

  // A menu priced by the list, for everyone who opens its link.
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Menus' }).click();
  await page.getByRole('link', { name: 'Create Menu' }).click();
  await page.getByLabel('Menu name').fill('Gold menu');
  await page.getByLabel('Price list').selectOption({ label: 'Gold' });
  await page.getByRole('button', { name: 'Save Menu' }).click();
  await expect(page).toHaveURL(/\/menu-builder\/[\w-]+$/);

  await expectAllSynced(page);
  const lists = await apiGet<Array<{ id: string; name: string }>>('/api/price-lists', session);
  const menus = await apiGet<Array<{ name: string; priceListId: string | null }>>('/api/menus', session);
  expect(menus.map(({ name, priceListId }) => ({ name, priceListId }))).toEqual([{ name: 'Gold menu', priceListId: lists[0]?.id }]);
  // Another device of the seller's downloads both from the server.
  const other = await browser.newPage();
  await signIn(other, account);
  await other.goto('/customers');
  await expect(other.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toContainText('Net 30 · Gold');
  await other.getByRole('link', { name: 'Green Leaf Dispensary' }).click();
  await expect(other.getByRole('heading', { name: 'Green Leaf Dispensary', level: 1 })).toBeVisible();
  await expect(other.getByRole('definition').filter({ hasText: 'Gold' })).toBeVisible();
  await other.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Price lists' }).click();
  await other.getByRole('link', { name: 'Gold' }).click();
  await expect(other.getByLabel('Price for Blue Dream')).toHaveValue('1100.00');
  await expect(other.getByLabel('Hide for Gelato')).toBeChecked();
  await expect(other.getByLabel('Hide for Blue Dream')).not.toBeChecked();
  await other.close();
});
