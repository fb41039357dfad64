/**
 * A guest's first page, a shared menu the server drew, on a phone: it reads with no app started, the first tap starts
 * the app (few scripts, no router) and is answered, and the router comes in only when a link leads elsewhere. A buyer's
 * tap on the guest's button the page was drawn with reaches the buyer's own once the app has started.
 */
import type { Page } from '@playwright/test';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { openSharedMenu } from './support/shared-menu';

const ROUTER_CHUNK = /\/assets\/router-[^/]+\.js$/;

/** The scripts the page asks for, from the first. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('the sample menu reads with no app started, a first tap starts it and is answered, with at most 15 scripts and no router', async ({ page }) => {
  const scripts = recordScripts(page);
  const menuChecks = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/public/menu/sample');
  await openSharedMenu(page, 'sample');
  // Idle: the page's loader has checked the menu against the server's (the view is counted) and nothing more is on its way.
  await menuChecks;
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual(['/take-over-when-needed.js']);

  // The tap starts the app, is held while it starts, and is then answered.
  await page.getByRole('button', { name: 'Vape' }).tap();
  await expect(page.getByRole('button', { name: 'Vape' })).toHaveAttribute('aria-pressed', 'true');
  expect(scripts.length).toBeLessThanOrEqual(15);
  expect(scripts.filter((script) => ROUTER_CHUNK.test(script))).toEqual([]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
  await expect(page).toHaveURL(/\/menu\/sample\?category=vape$/);
  await page.getByLabel('Sort by').selectOption('price-high');
  await expect(page).toHaveURL(/\/menu\/sample\?.*sort=price-high/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
  expect(scripts.filter((script) => ROUTER_CHUNK.test(script))).toEqual([]);
});

test("a link on the first page still leads on, with the router brought in then, and back returns to the menu's page", async ({ page }) => {
  const scripts = recordScripts(page);
  // A link that shows nothing: the page has no menu to check, and its link is the first tap.
  await page.goto('/menu/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Menu Not Found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => ROUTER_CHUNK.test(script))).toEqual([]);

  // A mark on this document: it is gone if the browser loads another one.
  await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Menu Not Found');
  await expect(page.locator('#hero-title')).toBeVisible();
  expect(scripts.some((script) => ROUTER_CHUNK.test(script))).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/menu\/00000000-0000-4000-8000-000000000000$/);
  await expect(page.getByRole('heading', { name: 'Menu Not Found' })).toBeVisible();
  // The app moved between the pages itself: the browser loaded no document for either.
  expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
});

test.describe('a signed-in buyer on a slow start', () => {
  // The app's code comes from the network here, where the test can hold it back; the service worker would serve it.
  test.use({ serviceWorkers: 'block' });

  test("a tap on Save Menu while the app still starts saves the menu once the buyer's own button is there", async ({ page }) => {
    await signIn(page, await registerAccount('buyer'));
    const drawn = await (await page.request.get('/menu/sample')).text();
    const entry = /<meta name="app-entry" content="([^"]+)">/.exec(drawn)?.[1];
    expect(entry).toBeDefined();
    let letAppStart = () => {};
    const appMayStart = new Promise<void>((resolve) => (letAppStart = resolve));
    await page.route(
      (url) => url.pathname === entry,
      async (route) => {
        await appMayStart;
        await route.continue();
      },
    );

    await page.goto('/menu/sample');
    // The page as the server drew it, for a guest: its Save Menu is not the buyer's, which comes with the app.
    await page.getByRole('button', { name: 'Save Menu', exact: true }).tap();
    letAppStart();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  });
});
