/**
 * A new seller's first shared menu has a face: sign-up offers the business
 * name and a contact (optional, so signing up asks no more of a seller), and a
 * seller who has no name yet is asked for it before their first menu is saved,
 * so a shared menu never shows the anonymous placeholder.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiGet, apiLogin } from './support/api';
import { expect, test, type Account } from './support/fixtures';
import { uniqueTag } from './support/marketplace';
import { openSharedMenu } from './support/shared-menu';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

/** Saves a new menu in the builder and opens its shared page, found through the server once the menu has synced. */
async function saveMenuAndOpenIt(page: Page, account: Account, menuName: string, afterSave: () => Promise<void> = async () => {}) {
  await page.goto('/menu-builder');
  await page.getByLabel('Menu name', { exact: true }).fill(menuName);
  await page.getByRole('button', { name: 'Save Menu' }).first().click();
  await afterSave();
  await expectToastShown(page, 'Menu saved successfully');
  const session = await apiLogin(account);
  let publicLinkId = '';
  await expect
    .poll(
      async () => {
        const menus = await apiGet<Array<{ name: string; publicLinkId: string }>>('/api/menus', session);
        publicLinkId = menus.find((menu) => menu.name === menuName)?.publicLinkId ?? '';
        return publicLinkId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await openSharedMenu(page, publicLinkId);
  await expect(page.getByRole('heading', { level: 1, name: menuName })).toBeVisible();
}

/** Opens the sign-up dialog as a new seller and fills only what it requires: email, password, first name. */
async function startSellerSignUp(page: Page, account: Account, firstName: string) {
  await page.goto('/?auth=signup');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByRole('radio', { name: /Seller/ })).toBeChecked();
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('First name').fill(firstName);
  return dialog;
}

test('a new seller may give the business name and contact at sign-up, and their first shared menu shows them', async ({ page }) => {
  const tag = uniqueTag();
  const account = { email: `grower-${randomUUID().slice(0, 8)}@e2e.test`, password: 'strong-pass' };
  const businessName = `Maple Ridge Farms ${tag}`;
  const dialog = await startSellerSignUp(page, account, 'Mae');
  await dialog.getByLabel('Business name (optional)').fill(businessName);
  await dialog.getByLabel('Phone number (optional)').fill('(616) 555-0199');
  await dialog.getByLabel('Contact email (optional)').fill('orders@mapleridge.example');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${businessName}` })).toBeVisible();

  await saveMenuAndOpenIt(page, account, `First list ${tag}`);
  await expect(page.getByTestId('seller-brand')).toContainText(businessName);
  await expect(page.getByTestId('seller-brand').getByRole('link', { name: '(616) 555-0199' })).toHaveAttribute('href', 'tel:6165550199');
  await expect(page.getByTestId('seller-brand')).toContainText('orders@mapleridge.example');
  await expect(page.getByText('Cannabis Supplier')).toHaveCount(0);
});

test('a seller who signs up with only what the spec asks is asked for the business name before their first menu is saved, and the menu shows it', async ({ page }) => {
  const tag = uniqueTag();
  const account = { email: `seller-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const dialog = await startSellerSignUp(page, account, 'Sam');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Account created successfully! Redirecting...');
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const businessName = `Cedar Hollow ${tag}`;

  await saveMenuAndOpenIt(page, account, `Opening list ${tag}`, async () => {
    const ask = page.getByRole('dialog', { name: 'Put your name on your menu' });
    await ask.getByRole('button', { name: 'Save and continue' }).click();
    await expect(ask.getByText('Business name is required')).toBeVisible();
    await ask.getByLabel('Business name').fill(businessName);
    await ask.getByRole('button', { name: 'Save and continue' }).click();
    await expect(ask).toBeHidden();
  });
  await expect(page.getByTestId('seller-brand')).toContainText(businessName);
  await expect(page.getByText('Cannabis Supplier')).toHaveCount(0);
});
