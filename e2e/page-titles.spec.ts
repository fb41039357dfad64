import { DEMO_BUYER, DEMO_SELLER, expect, signIn, test, logOut } from './support/fixtures';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test.describe('page titles', () => {
  test('every public page names itself in the browser tab', async ({ page }) => {
    for (const [path, title] of [
      ['/', 'Wholesale Menus'],
      ['/our-story', 'Our Story · Wholesale Menus'],
      ['/privacy-policy', 'Privacy Policy · Wholesale Menus'],
      ['/terms-conditions', 'Terms and Conditions · Wholesale Menus'],
      ['/no-such-page', 'Page Not Found · Wholesale Menus'],
    ]) {
      await page.goto(path!);
      await expect(page).toHaveTitle(title!);
    }
  });

  test("a seller's and a buyer's pages each have their own title", async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    await expect(page).toHaveTitle('Dashboard · Wholesale Menus');
    for (const [link, title] of [
      ['Products', 'Products · Wholesale Menus'],
      ['Menus', 'Menus · Wholesale Menus'],
    ]) {
      await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: link!, exact: true }).click();
      await expect(page).toHaveTitle(title!);
    }

    await logOut(page);
    // Signing out ends with a fresh page load of the landing page, which then says so: only then is the page free for the next sign-in.
    await expect(page).toHaveURL(/\/$/);
    await expectToastShown(page, 'Logged out');
    await signIn(page, DEMO_BUYER);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Saved Menus', exact: true }).click();
    await expect(page).toHaveTitle('Saved Menus · Wholesale Menus');
  });
});
