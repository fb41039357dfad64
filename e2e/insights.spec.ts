import { apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline } from './support/network';
import { waitForServiceWorkerControl } from './support/offline-app';

test.describe('menu insights', () => {
  test('show the views, the buyer who opened and saved the menu, and work offline from the last figures', async ({ page, context, browser }) => {
    const seller = await registerAccount('seller');
    const sellerSession = await apiLogin(seller);
    const menu = await fetch(`${baseUrl()}/api/menus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sellerSession.token}` },
      body: JSON.stringify({ name: 'Harvest List', isPublic: true }),
    }).then((response) => response.json() as Promise<{ id: string; publicLinkId: string }>);

    // An anonymous visitor and a signed-in buyer, who saves the menu.
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    // The page arrives drawn; the view counts when the app, once loaded, asks for the menu.
    const counted = visit.waitForResponse((response) => response.url().endsWith(`/api/public/menu/${menu.publicLinkId}`) && response.ok());
    await visit.goto(`${baseUrl()}/menu/${menu.publicLinkId}`);
    await expect(visit.getByRole('heading', { name: 'Harvest List' })).toBeVisible();
    await counted;
    await visitor.close();
    const buyer = await registerAccount('buyer');
    const buyerSession = await apiLogin(buyer);
    const opened = await fetch(`${baseUrl()}/api/public/menu/${menu.publicLinkId}`, { headers: { Authorization: `Bearer ${buyerSession.token}` } });
    expect(opened.status).toBe(200);
    const saved = await fetch(`${baseUrl()}/api/saved-menus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyerSession.token}` },
      body: JSON.stringify({ menuId: menu.id }),
    });
    expect(saved.status).toBe(201);

    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('region', { name: 'This week' })).toContainText('Saves this week1');
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('link').first()).toHaveText(/saved Harvest List$/);
    await page.getByRole('link', { name: 'Insights' }).click();

    await expect(page.getByRole('heading', { name: 'Insights: Harvest List' })).toBeVisible();
    const figures = page.getByRole('region', { name: 'Figures' });
    await expect(figures).toContainText('Views2');
    await expect(figures).toContainText('Unique visitors2');
    const viewers = page.getByRole('region', { name: 'Buyers who viewed' });
    await expect(viewers.getByRole('listitem')).toHaveCount(1);
    await expect(viewers.getByRole('listitem')).toContainText('Saved');
    await expect(viewers.getByRole('listitem')).toContainText('1 view');
    // The chart's numbers: today's bar holds both views.
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByRole('row', { name: today })).toContainText('2');
    await expect(page.locator('.recharts-bar-rectangle')).not.toHaveCount(0);

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Figures from' })).toContainText(/Figures from (just now|1 minute ago)/);
    await expect(figures).toContainText('Views2');

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page.getByText("You're offline and this device has no figures for this period yet.")).toBeVisible();
  });
});

test.describe('menu insights the server cannot give', () => {
  // Requests must reach the page's own routes, not a service worker's.
  test.use({ serviceWorkers: 'block' });

  test("say so, and 'Try again' brings the figures", async ({ page }) => {
    const seller = await registerAccount('seller');
    const sellerSession = await apiLogin(seller);
    const menu = await fetch(`${baseUrl()}/api/menus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sellerSession.token}` },
      body: JSON.stringify({ name: 'Autumn List', isPublic: true }),
    }).then((response) => response.json() as Promise<{ id: string }>);

    await signIn(page, seller);
    await page.route('**/insights?days=30', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto(`/menus/${menu.id}/insights`);
    await expect(page.getByText('The server ran into a problem. Please try again in a moment.')).toBeVisible();

    await page.unroute('**/insights?days=30');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Figures' })).toContainText('Views0');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});
