/**
 * A tablet shared by several people: what a seller looked at (the dashboard's
 * figures, what buyers did to their menus, a menu's insights) is kept in
 * their own database, so signing out leaves nothing of them in local storage
 * and the next person to sign in sees none of it, online or offline.
 */
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test, logOut } from './support/fixtures';
import { apiPost, apiPut, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { goOffline } from './support/network';
import { waitForServiceWorkerControl } from './support/offline-app';

const localStorageEntries = (page: Page) => page.evaluate(() => Object.entries(localStorage));
const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));

test('signing out leaves nothing of the seller in local storage, and the next person sees none of it', async ({ page, context }) => {
  // Two people sign in, one after the other, and the second goes offline.
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const { account: seller, session } = await sellerWithBusiness(`Tablet Farms ${tag}`);
  const product = await createProduct(session, { strainName: `Quiet Kush ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '120', availableQuantity: '10', lotSize: 1 });
  const menu = await createMenu(session, { name: `Tablet Menu ${tag}`, isPublic: true, productIds: [product.id] });
  // A buyer opens and saves the menu: the seller's dashboard, menu activity and insights then name them.
  const buyer = await registerAccount('buyer');
  const buyerSession = await apiLogin(buyer);
  const buyerName = `Corner Dispensary ${tag}`;
  await apiPut('/api/auth/user', buyerSession, { businessName: buyerName });
  const opened = await fetch(`${baseUrl()}/api/public/menu/${menu.publicLinkId}`, { headers: { Authorization: `Bearer ${buyerSession.token}` } });
  expect(opened.status).toBe(200);
  await apiPost('/api/saved-menus', buyerSession, { menuId: menu.id });

  await signIn(page, seller);
  await waitForServiceWorkerControl(page);
  // A device updated from an earlier version of the app still holds what it kept in local storage.
  await page.evaluate(({ userId, menuId, name }) => localStorage.setItem(`seller_dashboard_${userId}`, JSON.stringify({ menuId, name })), {
    userId: session.userId,
    menuId: menu.id,
    name: menu.name,
  });
  await page.reload();
  await page.goto('/seller/dashboard');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText(`${buyerName} saved Tablet Menu ${tag}`);
  await page.goto('/inbox');
  await expect(page.getByRole('region', { name: 'Menu activity' })).toContainText(buyerName);
  await page.goto(`/menus/${menu.id}/insights`);
  await expect(page.getByRole('region', { name: 'Buyers who viewed' })).toContainText(buyerName);

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  // Signing out reloads the page: wait for the fresh landing page before looking into its storage.
  await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
  const theirs = [tag, seller.email, session.userId, menu.id, menu.publicLinkId, product.id, buyerSession.userId];
  const left = await localStorageEntries(page);
  for (const [key, value] of left) {
    for (const needle of theirs) {
      expect(key, `local storage key ${key}`).not.toContain(needle);
      expect(value, `local storage value of ${key}`).not.toContain(needle);
    }
  }
  expect(left.map(([key]) => key)).not.toContain('auth_token');
  await expect.poll(() => databaseNames(page).catch(() => null)).not.toContain(`replica-${session.userId}`);

  // The next person: none of it online, and none of it offline either.
  const next = await registerAccount('seller');
  await signIn(page, next);
  await waitForServiceWorkerControl(page);
  await page.goto('/seller/dashboard');
  await expect(page.getByText('Menu views').locator('..')).toContainText('0');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('Nothing yet');
  const notifications = page.waitForResponse((response) => response.url().endsWith('/api/analytics/notifications') && response.ok());
  await page.goto('/inbox');
  await notifications;
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Menu activity' })).toHaveCount(0);

  await goOffline(context);
  await page.goto(`/menus/${menu.id}/insights`);
  await expect(page.getByText("You're offline and this device has no figures for this period yet.")).toBeVisible();
  await page.goto('/seller/dashboard');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('Nothing yet');
  await expect(page.locator('body')).not.toContainText(tag);
});
