/**
 * A new seller's first shared menu has a face: sign-up asks for the business
 * name and a contact, and a seller who has no name yet is asked for it before
 * their first menu is saved, so a shared menu never shows the anonymous placeholder.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiGet, apiLogin } from './support/api';
import { baseUrl, expect, signIn, test, type Account } from './support/fixtures';
import { uniqueTag } from './support/marketplace';
import { openSharedMenu } from './support/shared-menu';

/** Saves a new menu in the builder and opens its shared page, found through the server once the menu has synced. */
async function saveMenuAndOpenIt(page: Page, account: Account, menuName: string, afterSave: () => Promise<void> = async () => {}) {
  await page.goto('/menu-builder');
  await page.getByLabel('Menu name', { exact: true }).fill(menuName);
  await page.getByRole('button', { name: 'Save Menu' }).first().click();
  await afterSave();
  await expect(page.getByTestId('toast').getByText('Menu saved successfully')).toBeVisible();
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

test('a new seller is asked for the business name at sign-up, and their first shared menu shows it with the contact', async ({ page }) => {
  const tag = uniqueTag();
  const account = { email: `grower-${randomUUID().slice(0, 8)}@e2e.test`, password: 'strong-pass' };
  const businessName = `Maple Ridge Farms ${tag}`;
  await page.goto('/?auth=signup');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByRole('radio', { name: /Seller/ })).toBeChecked();
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('First name').fill('Mae');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Business name is required');

  await dialog.getByLabel('Business name').fill(businessName);
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

test('a seller without a business name is asked for it before their first menu is saved, and the menu shows it', async ({ page }) => {
  const tag = uniqueTag();
  // Registered with the five fields of the original sign-up: no business name.
  const account = { email: `seller-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: 'Sam', lastName: '', role: 'seller' }),
  });
  expect(response.status).toBe(201);
  await signIn(page, account);
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
