import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';

const cardOf = (page: Page, heading: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test("a closed seller's menu stays in the buyer's saved menus as 'No longer offered', with its name and the buyer's notes", async ({ page, browser, baseURL }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Lakeside Growers ${tag}`);
  const product = await createProduct(seller.session, {
    strainName: `Lakeside Haze ${tag}`,
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '1200.00',
    availableQuantity: '10',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Autumn Flower ${tag}`, description: 'Fresh from the fall harvest', isPublic: true, productIds: [product.id] });
  const buyer = await registerAccount('buyer');
  await apiPost('/api/saved-menus', await apiLogin(buyer), { menuId: menu.id, publicLinkId: menu.publicLinkId });

  await signIn(page, buyer);
  await page.goto('/saved-menus');
  await cardOf(page, menu.name).getByRole('link', { name: 'Open menu' }).click();
  await page.getByLabel('Notes').fill('Call before the 15th');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expectAllSynced(page);

  // The seller closes the account in a browser of their own, told first what buyers keep and offered their data.
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, seller.account);
  await sellerPage.goto('/profile/account');
  await sellerPage.getByRole('button', { name: 'Delete account' }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText("Buyers who saved your menus will keep a copy marked 'No longer offered'");
  const download = sellerPage.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export your data first' }).click();
  expect((await download).suggestedFilename()).toMatch(/^wholesale-menus-data-.*\.json$/);
  await dialog.getByLabel('Password').fill(seller.account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(sellerPage).toHaveURL(`${baseURL}/`);
  await sellerContext.close();

  await page.goto('/saved-menus');
  const kept = cardOf(page, menu.name);
  await expect(kept).toContainText('No longer offered');
  await expect(kept).toContainText(`Lakeside Growers ${tag}`);
  await kept.getByRole('link', { name: 'Open notes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: menu.name })).toBeVisible();
  await expect(page.getByText(`Lakeside Growers ${tag} closed their account, so this menu is no longer offered.`)).toBeVisible();
  // Read-only: the notes show as the buyer left them, with nothing to edit them by.
  await expect(page.getByText('Call before the 15th')).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save notes' })).toHaveCount(0);
  await expect(page.getByText('Fresh from the fall harvest')).toHaveCount(0);
  await expect(page.getByText(product.strainName)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
  expect((await page.request.get(`/api/public/menu/${menu.publicLinkId}`)).status()).toBe(404);
});
