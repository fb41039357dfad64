/**
 * The offline cart (issue 28): a buyer builds a cart on a saved menu with the network off, the quantity checked as
 * typed, and submits it; the order waits on the device as 'Waiting to send', reaches the server by itself when the
 * network returns, and the seller has it.
 */
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';

test('a cart built and submitted offline on a saved menu arrives when the network returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 10 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
  const buyer = await registerAccount('buyer');

  await signIn(page, buyer);
  await page.goto(`/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await page.goto('/saved-menus');
  await waitForServiceWorkerControl(page);
  await expectAllSynced(page, 15_000);

  await goOffline(context);
  await page.getByRole('link', { name: 'Open menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
  await page.getByRole('button', { name: `Add ${haze.strainName} to cart` }).click();
  const quantity = page.getByLabel(`Quantity of ${haze.strainName} in cart`);
  await quantity.fill('5');
  await expect(page.getByRole('alert').filter({ hasText: 'the minimum order is 10' })).toBeVisible();
  await quantity.fill('20');
  await page.getByRole('button', { name: 'Cart (1)' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByText('Total: $250.00')).toBeVisible();
  await cart.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Waiting to send')).toBeVisible();

  await goOnline(context);
  await expectAllSynced(page, 20_000);
  const { orders: sellerOrders } = await apiGet<{ orders: Array<{ number: string; total: string; status: string }> }>('/api/orders', seller.session);
  expect(sellerOrders).toEqual([expect.objectContaining({ total: '250.00', status: 'submitted' })]);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${sellerOrders[0]!.number}` })).toBeVisible();
  expect((await apiGet<{ orders: unknown[] }>('/api/orders', await apiLogin(buyer))).orders).toHaveLength(1);
});
