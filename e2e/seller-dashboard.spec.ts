import { apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test.describe('the seller dashboard', () => {
  test('counts real menu views, lists recent activity, and updates the profile from its dialog', async ({ page, browser }) => {
    const account = await registerAccount('seller');
    const session = await apiLogin(account);
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: string; publicLinkId: string }>);
    const product = await post('/api/products', { strainName: 'Lemon Haze', pricePerUnit: '900', thcPercentage: '21.5' });
    const menu = await post('/api/menus', { name: 'Trade Show Menu', productIds: [product.id] });

    // Two buyers open the link; the seller's own look does not count.
    for (let i = 0; i < 2; i++) {
      const visitor = await browser.newContext();
      const visit = await visitor.newPage();
      // The page arrives drawn; the view counts when the app, once loaded, asks for the menu.
      const counted = visit.waitForResponse((response) => response.url().endsWith(`/api/public/menu/${menu.publicLinkId}`) && response.ok());
      await visit.goto(`${baseUrl()}/menu/${menu.publicLinkId}`);
      await expect(visit.getByRole('heading', { name: 'Trade Show Menu' })).toBeVisible();
      await counted;
      await visitor.close();
    }

    await signIn(page, account);
    await page.goto(`/menu/${menu.publicLinkId}`);
    await expect(page.getByRole('heading', { name: 'Trade Show Menu' })).toBeVisible();
    await page.goto('/seller/dashboard');

    const views = page.getByText('Menu views').locator('..');
    await expect(views).toContainText('2');
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByRole('link')).toHaveText(['Created menu Trade Show Menu', 'Added product Lemon Haze']);
    await expect(page.getByRole('region', { name: 'Recent products' })).toContainText('THC 21.50%');

    await page.getByRole('button', { name: 'Update Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await dialog.getByLabel('Business name').fill('Riverbend Growers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToastShown(page, 'Profile updated successfully');
    await expect(page.getByRole('heading', { name: 'Welcome back, Riverbend Growers' })).toBeVisible();
  });
});
