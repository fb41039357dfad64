/** Test fixtures: the server's address, and accounts made through the API for a test to sign in with. */
import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const DEMO_SELLER = { email: 'seller@demo.test', password: 'demo-seller-pass' };
export const DEMO_BUYER = { email: 'buyer@demo.test', password: 'demo-buyer-pass' };
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-pass' };

export type Account = { email: string; password: string };

/** The business name a seller registered by `registerAccount` gives at sign-up, as every new seller now does. */
export const SELLER_BUSINESS_NAME = 'Sunrise Farm';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run');
  return url;
}

/** Registers a fresh account through the API. */
export async function registerAccount(role: 'seller' | 'buyer'): Promise<Account> {
  const account = { email: `${role}-${randomUUID().slice(0, 8)}@e2e.test`, password: 'e2e-password' };
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: role === 'seller' ? 'Sam' : 'Bea', role, ...(role === 'seller' && { businessName: SELLER_BUSINESS_NAME }) }),
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  return account;
}

/** Signs in through the sign-in dialog, as a person would, and waits for the dashboard; `origin` is a server of the test's own. */
export async function signIn(page: Page, account: Account, origin = ''): Promise<void> {
  await page.goto(`${origin}/?auth=signin`);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/(seller|buyer|admin)\/dashboard/);
  // The dialog stays a moment to say it worked; the page is for the person once it has closed.
  await expect(dialog).toBeHidden();
}

/** The top bar's account menu (team, account settings, billing; on a phone also Profile and Logout), opened. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Logout from the top bar: its Logout button, or on a phone the account menu's (a warning about unsent changes may follow). */
export async function logOut(page: Page): Promise<void> {
  const bar = page.getByRole('banner');
  const button = bar.getByRole('button', { name: 'Logout', exact: true });
  // The width decides which of the two the bar shows; it shows one of them once drawn.
  await expect(button.or(bar.getByRole('button', { name: 'Account menu' })).first()).toBeVisible();
  if (await button.isVisible()) {
    await button.click();
    return;
  }
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
}

/** Every page a test opens in its own context is held to the Content-Security-Policy: a refusal in the console fails the test. */
export const test = base.extend({
  baseURL: async ({}, use) => use(baseUrl()),
  context: async ({ context }, use) => {
    const refusals: string[] = [];
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    await use(context);
    expect(refusals, 'Content-Security-Policy refusals').toEqual([]);
  },
});

export { expect };
