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

test.describe('at 390 px wide, on an 844 px tall phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** A public menu's name, description, seller, date, filter and sort, and the first product card, all on the first screen. */
  async function expectFirstScreenOfSampleMenu(page: Page) {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeInViewport();
    await expect(main.getByText(/^Fresh harvest flower, pre-rolls/)).toBeInViewport();
    await expect(main.getByTestId('seller-brand').getByText('Great Lakes Cultivation Co.')).toBeInViewport();
    await expect(main.getByText(/^Last updated /)).toBeInViewport();
    await expect(main.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'All' })).toBeInViewport();
    await expect(main.getByLabel('Sort by')).toBeInViewport();
    const firstCard = main.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    await expect(firstCard.getByRole('heading', { level: 2 })).toBeInViewport({ ratio: 1 });
  }

  test("a public menu's first screen shows the first product under what the specification shows", async ({ page }) => {
    await page.goto('/menu/sample');
    await expectFirstScreenOfSampleMenu(page);
  });

  test("a buyer's first screen of a public menu shows the first product too, under the buyer's buttons", async ({ page }) => {
    await signIn(page, DEMO_BUYER);
    await page.goto('/menu/sample');
    await expect(page.getByRole('button', { name: 'Contact Seller' })).toBeVisible();
    await expectFirstScreenOfSampleMenu(page);
  });

  test("the team page's role box shows its role, and says why the last owner's cannot change", async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    await page.goto('/team');
    const member = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'seller@demo.test' });
    const role = member.getByRole('combobox', { name: 'Role of Maya Greene' });
    await expect(role).toHaveValue('owner');
    // The box is wide enough for its longest role, not squeezed to an empty box by a column.
    const widths = await role.evaluate((select: HTMLSelectElement) => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = getComputedStyle(select).font;
      const longest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
      const style = getComputedStyle(select);
      return { inner: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), longest };
    });
    expect(widths.inner).toBeGreaterThanOrEqual(widths.longest);
    await expect(role).toBeDisabled();
    await expect(role).toHaveAccessibleDescription('A team keeps at least one owner: make someone else owner first.');
    await expect(member.getByText('A team keeps at least one owner: make someone else owner first.')).toBeVisible();
    const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - 390;
    expect(overflow, `the team page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  });
});
