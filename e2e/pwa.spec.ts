import { DEMO_SELLER, expect, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';

test.describe('installable offline app', () => {
  test('the manifest names the app, starts standalone and lists reachable icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(href!);
    expect(response.ok()).toBe(true);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Wholesale Menus', short_name: 'Menus', start_url: '/', display: 'standalone', theme_color: '#166534' });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const image = await request.get(icon.src);
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toBe(icon.type);
    }
  });

  test('the service worker takes control, and the app opens with the network off', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
    await page.goto('/our-story');
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    await goOnline(context);
  });

  test('a signed-in seller reopens the app offline and still sees their dashboard', async ({ page, context }) => {
    await signIn(page, DEMO_SELLER);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await goOffline(context);
    await page.reload();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Great Lakes Cultivation Co.' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Profile:/ })).toBeVisible();
    await goOnline(context);
  });
});
