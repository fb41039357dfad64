import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { latestMailTo, linkIn } from './support/mailbox';
import { createProduct, sellerWithBusiness } from './support/marketplace';

test.describe('account settings', () => {
  test('a buyer changes their password, turns a notification off, and deletes the account', async ({ page }) => {
    const account = await registerAccount('buyer');
    await signIn(page, account);
    await page.goto('/profile');
    await page.getByRole('link', { name: /Account settings/ }).click();
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(`${account.email} · not confirmed yet`)).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).first().fill('wrong-password');
    await page.getByLabel('New password').fill('changed-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your current password is not correct');
    await page.getByLabel('Current password', { exact: true }).first().fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toHaveText('Password changed. Every other device was signed out.');
    await latestMailTo(account.email, 'Your Wholesale Menus password was changed');

    const replies = page.getByRole('checkbox', { name: 'A seller replies to you' });
    await expect(replies).toBeChecked();
    await replies.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'A seller replies to you' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Daily digest of saved menus that changed' })).toBeChecked();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('changed-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: 'changed-password' } });
    expect(login.status()).toBe(401);
  });

  test('a new seller is reminded to confirm their email until they follow the link', async ({ page }) => {
    const account = await registerAccount('seller');
    await signIn(page, account);
    const reminder = page.getByRole('region', { name: 'Email confirmation' });
    await expect(reminder).toContainText(`Please confirm your email address: follow the link we sent to ${account.email}.`);
    // The welcome email went out a moment ago: asking again straight away is turned down kindly.
    await reminder.getByRole('button', { name: 'Send the link again' }).click();
    await expect(reminder.getByRole('status')).toHaveText(/^A link was sent a moment ago\. Please check your inbox, or ask again in (1 minute|\d+ seconds)\.$/);

    const welcome = await latestMailTo(account.email, 'Welcome to Wholesale Menus: please confirm your email');
    const link = linkIn(welcome, '/confirm-email');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`${account.email} is confirmed as the address of your account.`);
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  test('a buyer cancels a pending change of email: its link then no longer works', async ({ page }) => {
    const account = await registerAccount('buyer');
    await signIn(page, account);
    await page.goto('/profile/account');
    const newEmail = `cancel-${randomUUID().slice(0, 8)}@e2e.test`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByLabel('Current password', { exact: true }).nth(1).fill(account.password);
    await page.getByRole('button', { name: 'Change email' }).click();
    const waiting = page.getByRole('region', { name: 'Pending email change' });
    await expect(waiting).toContainText(`we sent a link to ${newEmail}`);
    await page.reload();
    await waiting.getByRole('button', { name: 'Cancel the email change' }).click();
    await expect(waiting).toHaveCount(0);

    const confirmation = await latestMailTo(newEmail, 'Confirm your new Wholesale Menus email address');
    const link = linkIn(confirmation, '/confirm-email');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or was already used.');
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
  });

  test('a seller changes their email through the link sent to the new address, and downloads their data', async ({ page }) => {
    const { account, session } = await sellerWithBusiness(`Harbor Farms ${randomUUID().slice(0, 6)}`);
    await createProduct(session, { strainName: 'Export Kush', category: 'flower', unitType: 'oz', pricePerUnit: '10.00', availableQuantity: '5', lotSize: 1 });
    await signIn(page, account);
    await page.goto('/profile/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wholesale-menus-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { profile: { email: string }; products: Array<{ strainName: string }> };
    expect(data.profile.email).toBe(account.email);
    expect(data.products.map((product) => product.strainName)).toEqual(['Export Kush']);

    const newEmail = `moved-${randomUUID().slice(0, 8)}@e2e.test`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByLabel('Current password', { exact: true }).nth(1).fill(account.password);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByText('We sent a confirmation link to the new address. Your email changes once you follow it.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pending email change' })).toContainText(`we sent a link to ${newEmail}`);
    await latestMailTo(account.email, 'Your Wholesale Menus email address is changing');
    const confirmation = await latestMailTo(newEmail, 'Confirm your new Wholesale Menus email address');
    const link = linkIn(confirmation, '/confirm-email');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();

    expect((await page.request.post('/api/auth/login', { data: { email: newEmail, password: account.password } })).status()).toBe(200);
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
  });
});
