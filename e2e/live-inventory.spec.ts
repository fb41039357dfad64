import { apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { openSharedMenu } from './support/shared-menu';

test.describe('live inventory', () => {
  test('an open public menu shows a quantity change within 2 seconds, marks a sell-out and drops a removed product', async ({ page, browser }) => {
    const seller = await registerAccount('seller');
    const session = await apiLogin(seller);
    // The seller works from their own browser context.
    const sellerContext = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Authorization: `Bearer ${session.token}` } });
    const post = async (path: string, data: unknown) => (await sellerContext.request.post(path, { data })).json() as Promise<{ id: string; publicLinkId: string }>;
    const gelato = await post('/api/products', { strainName: 'Gelato', pricePerUnit: '900', unitType: 'lb', availableQuantity: '12' });
    const tangie = await post('/api/products', { strainName: 'Tangie', pricePerUnit: '400', unitType: 'lb', availableQuantity: '3' });
    const menu = await post('/api/menus', { name: 'Live Stock', isPublic: true, productIds: [gelato.id, tangie.id] });

    await openSharedMenu(page, menu.publicLinkId);
    await expect(page.getByRole('heading', { name: 'Live Stock' })).toBeVisible();
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card('Gelato')).toContainText('12 lb available');

    const changed = (await sellerContext.request.put(`/api/products/${gelato.id}`, { data: { availableQuantity: '5' } })).status();
    expect(changed).toBe(200);
    await expect(card('Gelato')).toContainText('5 lb available');

    expect((await sellerContext.request.put(`/api/products/${tangie.id}`, { data: { availableQuantity: '0' } })).status()).toBe(200);
    await expect(card('Tangie')).toContainText('Out of stock');

    expect((await sellerContext.request.put(`/api/menus/${menu.id}`, { data: { productIds: [tangie.id] } })).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Gelato', exact: true })).toHaveCount(0);
    await sellerContext.close();
  });

  test.describe('a saved copy', () => {
    // The test waits for the page's event stream to open, which a service worker in between could hide.
    test.use({ serviceWorkers: 'block' });

    test("a buyer's saved copy, open while online, follows the seller's changes in place", async ({ page, browser }) => {
      const seller = await registerAccount('seller');
      const session = await apiLogin(seller);
      const sellerContext = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Authorization: `Bearer ${session.token}` } });
      const post = async (path: string, data: unknown) => (await sellerContext.request.post(path, { data })).json() as Promise<{ id: string; publicLinkId: string }>;
      const gelato = await post('/api/products', { strainName: 'Gelato', pricePerUnit: '900', unitType: 'lb', availableQuantity: '12' });
      const menu = await post('/api/menus', { name: 'Saved Live Stock', isPublic: true, productIds: [gelato.id] });
      const buyer = await registerAccount('buyer');
      const buyerSession = await apiLogin(buyer);
      const saved = await fetch(`${baseUrl()}/api/saved-menus`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyerSession.token}` },
        body: JSON.stringify({ menuId: menu.id }),
      }).then((response) => response.json() as Promise<{ id: string }>);

      await signIn(page, buyer);
      // The page listens for the menu's changes once it shows: a change made after that arrives without a reload.
      const listening = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/public/menu/${menu.publicLinkId}/events`);
      await page.goto(`/saved-menus/${saved.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Saved Live Stock' })).toBeVisible();
      const gelatoCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gelato', exact: true }) });
      await expect(gelatoCard).toContainText('12 lb available');
      await listening;
      expect((await sellerContext.request.put(`/api/products/${gelato.id}`, { data: { availableQuantity: '0' } })).status()).toBe(200);
      await expect(gelatoCard).toContainText('Out of stock');
      await sellerContext.close();
    });
  });

  test.describe('a refused stream', () => {
    // The test answers the page's own requests for the stream, which a service worker in between could hide.
    test.use({ serviceWorkers: 'block' });

    test('a menu the server had no place to follow live becomes live once the server says to try again', async ({ page }) => {
      const seller = await registerAccount('seller');
      const session = await apiLogin(seller);
      const send = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
        const response = await fetch(`${baseUrl()}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
          body: JSON.stringify(body),
        });
        expect(response.ok).toBe(true);
        return (await response.json()) as { id: string; publicLinkId: string };
      };
      const gelato = await send('POST', '/api/products', { strainName: 'Gelato', pricePerUnit: '900', unitType: 'lb', availableQuantity: '12' });
      const menu = await send('POST', '/api/menus', { name: 'Busy Live Stock', isPublic: true, productIds: [gelato.id] });

      // The first two asks find the menu full, and are told to come back in a second; the server answers the rest.
      let asks = 0;
      await page.route(`**/api/public/menu/${menu.publicLinkId}/events`, async (route) => {
        asks += 1;
        if (asks > 2) return route.continue();
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
          body: JSON.stringify({ message: 'Too many people are following this menu live right now. Please try again shortly.' }),
        });
      });
      const live = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/public/menu/${menu.publicLinkId}/events` && response.status() === 200);
      await openSharedMenu(page, menu.publicLinkId);
      const gelatoCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gelato', exact: true }) });
      await expect(gelatoCard).toContainText('12 lb available');
      await live;

      await send('PUT', `/api/products/${gelato.id}`, { availableQuantity: '5' });
      await expect(gelatoCard).toContainText('5 lb available');
    });
  });
});
