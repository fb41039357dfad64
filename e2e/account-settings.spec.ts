import { expect, registerAccount, signIn, test } from './support/fixtures';
import { latestMailTo } from './support/mailbox';

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
});
