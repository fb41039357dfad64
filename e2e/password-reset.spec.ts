import { expect, registerAccount, SELLER_BUSINESS_NAME, test } from './support/fixtures';
import { latestMailTo, linkIn } from './support/mailbox';

test.describe('forgotten password', () => {
  test('a seller asks for a link, follows it from the email, chooses a new password and is signed in; the link then no longer works', async ({ page, browser }) => {
    const account = await registerAccount('seller');
    // Another device signed in before the reset: it is signed out by it.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    const login = await otherPage.request.post('/api/auth/login', { data: account });
    const oldToken = ((await login.json()) as { token: string }).token;

    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(forgot.getByLabel('Email')).toHaveValue(account.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toHaveText('If an account exists for that email, we sent a link to reset the password. It works for 60 minutes.');

    const mail = await latestMailTo(account.email, 'Reset your Wholesale Menus password');
    expect(mail.html).toContain('Choose a new password');
    const link = linkIn(mail, '/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // The token leaves the address bar once read; the page still sends it.
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New password').fill('12345');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('Password must be at least 6 characters');
    await page.getByLabel('New password').fill('a-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${SELLER_BUSINESS_NAME}` })).toBeVisible();

    const me = await otherPage.request.get('/api/auth/me', { headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.status()).toBe(401);
    await otherDevice.close();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link has expired or was already used.');
  });

  test('an unknown address gets the same answer as a known one', async ({ page }) => {
    await page.goto('/?auth=signin');
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill('nobody-at-all@e2e.test');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toHaveText('If an account exists for that email, we sent a link to reset the password. It works for 60 minutes.');
  });
});
