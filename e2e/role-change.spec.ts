import { expect, registerAccount, signIn, test } from './support/fixtures';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test('a seller who switches to buyer is told first what happens to their menus, and must confirm', async ({ page }) => {
  const seller = await registerAccount('seller');
  await signIn(page, seller);
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Account type').selectOption('buyer');
  await page.getByRole('button', { name: 'Save' }).click();

  const question = page.getByRole('alertdialog', { name: 'Switch to a buyer account?' });
  await expect(question).toContainText('their public links keep working');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: 'Switch to buyer' }).click();
  await expectToastShown(page, 'Profile updated successfully');
  await expect(nav.getByRole('link', { name: 'Browse Menus' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0);
});
