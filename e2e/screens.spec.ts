/**
 * Every screen of every role, on a desktop and on a 390 px phone: nothing is
 * wider than the screen, and axe finds no serious or critical accessibility
 * violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, DEMO_BUYER, DEMO_SELLER, expect, signIn, test, type Account } from './support/fixtures';

const SCREENS: Array<{ role: string; account: Account | null; paths: string[] }> = [
  { role: 'guest', account: null, paths: ['/', '/our-story', '/privacy-policy', '/terms-conditions', '/menu/sample', '/no-such-page'] },
  { role: 'seller', account: DEMO_SELLER, paths: ['/seller/dashboard', '/products', '/menus', '/menu-builder', '/inbox', '/profile', '/subscribe'] },
  { role: 'buyer', account: DEMO_BUYER, paths: ['/buyer/dashboard', '/browse', '/saved-menus', '/inbox', '/profile', '/menu/sample'] },
  { role: 'admin', account: ADMIN, paths: ['/admin/dashboard', '/profile'] },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

for (const viewport of VIEWPORTS) {
  for (const { role, account, paths } of SCREENS) {
    test(`every ${role} screen on a ${viewport.name} fits the screen and passes axe`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (account) await signIn(page, account);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        // A hover left from signing in would be measured mid-transition.
        await page.mouse.move(0, 0);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(viewport.width);
        expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
      }
    });
  }
}
