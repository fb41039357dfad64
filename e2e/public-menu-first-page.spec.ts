/**
 * A guest's first page, a shared menu the server drew, on a phone: the app takes it over with few scripts and no
 * router, filters it in place, and brings the router in only when a link leads elsewhere.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
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

test('the sample menu is taken over with at most 15 scripts and without the router, and filters in place', async ({ page }) => {
  const scripts = recordScripts(page);
  await openSharedMenu(page, 'sample');
  // Idle: the app has taken the page over (its check for changes is answered) and nothing more is on its way.
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.length).toBeLessThanOrEqual(15);
  expect(scripts.filter((script) => ROUTER_CHUNK.test(script))).toEqual([]);

  await page.getByRole('button', { name: 'Vape' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
  await expect(page).toHaveURL(/\/menu\/sample\?category=vape$/);
  await page.getByLabel('Sort by').selectOption('price-high');
  await expect(page).toHaveURL(/\/menu\/sample\?.*sort=price-high/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
  expect(scripts.filter((script) => ROUTER_CHUNK.test(script))).toEqual([]);
});

test("a link on the first page still leads on, with the router brought in then, and back returns to the menu's page", async ({ page }) => {
  const scripts = recordScripts(page);
  await openSharedMenu(page, '00000000-0000-4000-8000-000000000000');
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
