/**
 * Changing the email on the Profile page: the page asks for the current
 * password, the change waits (shown on the page) for the link sent to the
 * new address, and the page that link opens switches the address when asked.
 */
import { randomUUID } from 'node:crypto';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { latestMailTo, linkIn } from './support/mailbox';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test.describe('email change on the Profile page', () => {
  test('asks for the current password, shows the change waiting, and the mailed link switches the address', async ({ page, browser }) => {
    const account = await registerAccount('seller');
    const otherDevice = await browser.newContext();
    const otherLogin = await otherDevice.request.post('/api/auth/login', { data: account });
    const otherToken = ((await otherLogin.json()) as { token: string }).token;
    await signIn(page, account);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).click();

    const newEmail = `moved-${randomUUID().slice(0, 8)}@e2e.test`;
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    const password = page.getByLabel('Current password');
    await expect(page.getByText('Needed to change your email. We send a link to the new address, and your email changes once you follow it.')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your current password to change your email' })).toBeVisible();
    await expect(password).toBeFocused();

    await password.fill('not-my-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your current password is not correct' })).toBeVisible();

    await password.fill(account.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToastShown(page, 'Profile updated successfully');
    const waiting = page.getByRole('region', { name: 'Pending email change' });
    await expect(waiting).toContainText(`Waiting for confirmation: we sent a link to ${newEmail}. Your email changes once you follow it.`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await latestMailTo(account.email, 'Your Wholesale Menus email address is changing');

    const confirmation = await latestMailTo(newEmail, 'Confirm your new Wholesale Menus email address');
    const link = linkIn(confirmation, '/confirm-email');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    // The token leaves the address bar as soon as the page has read it.
    await expect(page).toHaveURL(/\/confirm-email$/);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Your email is now ${newEmail}. Every other device was signed out.`);
    await latestMailTo(account.email, 'Your Wholesale Menus email address was changed');

    await page.goto('/profile');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
    await expect(page.getByRole('region', { name: 'Pending email change' })).toHaveCount(0);
    const signedOut = await otherDevice.request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherToken}` } });
    expect(signedOut.status()).toBe(401);
    await otherDevice.close();
  });
});
