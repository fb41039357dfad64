import { expect, signIn, test } from './support/fixtures';
import { createMenu, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';

test("a menu's link given a past expiry answers Menu Not Found, and comes back when the expiry is cleared", async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Expiry Farms ${tag}`);
  const menu = await createMenu(seller.session, { name: `Show Week ${tag}`, isPublic: true, productIds: [] });
  const apiStatus = async () => (await page.request.get(`/api/public/menu/${menu.publicLinkId}`)).status();

  await signIn(page, seller.account);
  await page.goto(`/menu-builder/${menu.id}`);
  const expires = page.getByLabel('Link expires', { exact: true });
  await expect(expires).toHaveValue('');
  await expires.fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Update Menu' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'This link expired on' })).toContainText('it answers Menu Not Found');
  await expectAllSynced(page);
  expect(await apiStatus()).toBe(404);

  await page.getByRole('button', { name: 'Never expire' }).click();
  await expect(expires).toHaveValue('');
  await page.getByRole('button', { name: 'Update Menu' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'This link expired on' })).toHaveCount(0);
  await expectAllSynced(page);
  expect(await apiStatus()).toBe(200);
});
