/**
 * What changed, on any device (docs/product-rules.md's Buyers): the server
 * keeps the version of a saved menu the buyer last saw, so the first open
 * after the seller changed it lists every change, on any device, even one that
 * never held the menu before; once looked at, the changes are no longer new.
 */
import type { Page } from '@playwright/test';
import { apiGet, apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPut, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';
import { openSharedMenu } from './support/shared-menu';

/** A saved menu's card on /saved-menus, found by its heading. */
const cardOf = (page: Page, heading: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

const changesSummary = (page: Page) => page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'What changed since you last looked' }) });

type SavedMenuSeen = { menuId: string; lastSeenStamp: number; stamp: number };

async function openFromSavedMenus(page: Page, menuName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Saved Menus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Menus' })).toBeVisible();
  await cardOf(page, menuName).getByRole('link', { name: 'Open menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: menuName })).toBeVisible();
}

test('the first open of a changed saved menu, on a new device, lists what changed; the next one does not', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Cedar Ridge ${tag}`);
  const glacier = await createProduct(seller.session, {
    strainName: `Glacier Kush ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '12.50',
    availableQuantity: '50',
    lotSize: 1,
  });
  const ember = await createProduct(seller.session, {
    strainName: `Ember Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '8.25',
    availableQuantity: '100',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Ridge Weekly ${tag}`, isPublic: false, productIds: [glacier.id, ember.id] });
  const buyer = await registerAccount('buyer');
  const buyerSession = await apiLogin(buyer);

  // The buyer saves the menu from its link, on their first device.
  await signIn(page, buyer);
  await openSharedMenu(page, menu.publicLinkId);
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
  await page.getByRole('button', { name: 'Save Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await expect.poll(async () => (await apiGet<SavedMenuSeen[]>('/api/saved-menus', buyerSession)).map((saved) => saved.menuId)).toEqual([menu.id]);

  // The seller lowers one product's price and stock and adds a product to the menu.
  await apiPut(`/api/products/${glacier.id}`, seller.session, { pricePerUnit: '11.00', availableQuantity: '20' });
  const harbor = await createProduct(seller.session, {
    strainName: `Harbor Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '15.00',
    availableQuantity: '30',
    lotSize: 1,
  });
  await apiPut(`/api/menus/${menu.id}`, seller.session, { productIds: [glacier.id, ember.id, harbor.id] });

  // A new device: nothing of the menu on it, so only the server knows what the buyer saw.
  const newDevice = await browser.newContext({ baseURL: baseUrl() });
  try {
    const phone = await newDevice.newPage();
    await signIn(phone, buyer);
    await expectAllSynced(phone, 15_000);
    await phone.goto('/saved-menus');
    await expect(cardOf(phone, menu.name).getByText('Updated', { exact: true })).toBeVisible();
    await cardOf(phone, menu.name).getByRole('link', { name: 'Open menu' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
    await expect(changesSummary(phone).getByRole('listitem')).toHaveText([`New: ${harbor.strainName}`, `${glacier.strainName}: price $12.50 → $11.00; stock 50 oz → 20 oz`]);

    // Looked at: the copy is no longer marked as changed, here or on the server (so on no other device either).
    await expectAllSynced(phone, 15_000);
    await expect
      .poll(async () => {
        const saved = (await apiGet<SavedMenuSeen[]>('/api/saved-menus', buyerSession)).find((entry) => entry.menuId === menu.id);
        return saved && saved.lastSeenStamp >= saved.stamp;
      })
      .toBe(true);
    await phone.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Saved Menus' }).click();
    await expect(cardOf(phone, menu.name).getByRole('link', { name: 'Open menu' })).toBeVisible();
    await expect(cardOf(phone, menu.name).getByText('Updated', { exact: true })).toHaveCount(0);

    await openFromSavedMenus(phone, menu.name);
    await expect(phone.getByRole('heading', { level: 2, name: harbor.strainName })).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'Your notes' })).toBeVisible();
    await expect(changesSummary(phone)).toHaveCount(0);
  } finally {
    await newDevice.close();
  }
});
