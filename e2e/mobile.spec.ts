import type { Page } from '@playwright/test';
import { ADMIN, DEMO_BUYER, DEMO_SELLER, expect, signIn, test } from './support/fixtures';

const PHONE_WIDTH = 360;

// No isMobile: a mobile viewport would zoom out to fit wide content and hide the very overflow this looks for.
test.use({ viewport: { width: PHONE_WIDTH, height: 740 }, hasTouch: true });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - PHONE_WIDTH;
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test.describe('at 360 px wide', () => {
  test('the public pages fit the screen', async ({ page }) => {
    for (const path of ['/', '/our-story', '/privacy-policy', '/terms-conditions', '/menu/sample', '/no-such-page']) {
      await expectNoSidewaysScroll(page, path);
    }
  });

  test("a seller's pages fit the screen and the menu is reachable", async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    for (const path of ['/seller/dashboard', '/products', '/menus', '/menu-builder', '/profile']) {
      await expectNoSidewaysScroll(page, path);
    }
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    // What the row has no room for is one tap away under 'More', never scrolled out of sight.
    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
  });

  test("a buyer's pages fit the screen", async ({ page }) => {
    await signIn(page, DEMO_BUYER);
    for (const path of ['/buyer/dashboard', '/browse', '/saved-menus', '/profile']) {
      await expectNoSidewaysScroll(page, path);
    }
  });

  test("the admin's dashboard fits the screen, its customers as cards", async ({ page }) => {
    await signIn(page, ADMIN);
    await expectNoSidewaysScroll(page, '/admin/dashboard');
    const customers = page.getByRole('region', { name: 'Customer Management' });
    await expect(customers.getByRole('listitem').first()).toBeVisible();
    await expect(customers.getByRole('table')).toHaveCount(0);
    const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - PHONE_WIDTH;
    expect(overflow, `the customer cards scroll sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  });
});
