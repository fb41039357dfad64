/**
 * Every form of the app answers a failed submit the same way: focus on the
 * first field in error, each message under its field, and each gone as soon
 * as its field is right.
 */
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test('a failed profile save puts focus on the first field in error, and each message goes as soon as its field is fixed', async ({ page }) => {
  const account = await registerAccount('seller');
  await signIn(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  const firstName = page.getByLabel('First name', { exact: true });
  const accent = page.getByLabel('Menu accent colour (#rrggbb)', { exact: true });
  await firstName.fill('');
  await accent.fill('green');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('First name is required')).toBeVisible();
  const accentError = page.locator(`#${await accent.getAttribute('id')}-error`);
  await expect(accentError).toBeVisible();

  // Fixing one field takes its message away at once; the other stays until it is fixed too.
  await firstName.fill('Rosa');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await expect(firstName).toHaveAttribute('aria-invalid', 'false');
  await expect(accentError).toBeVisible();
  await accent.fill('#1d4ed8');
  await expect(accentError).toHaveCount(0);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
});

test('a ZIP code that is not a US ZIP code is refused under its field before anything is saved; an empty one is fine', async ({ page }) => {
  const account = await registerAccount('buyer');
  await signIn(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  const zip = page.getByLabel('ZIP code', { exact: true });
  await zip.fill('abcde');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(zip).toBeFocused();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('ZIP code must be 5 digits, or 9 digits like 48104-1234')).toBeVisible();

  await zip.fill('481041234');
  await expect(zip).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(zip).toHaveValue('48104-1234');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await zip.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(zip).toHaveValue('');
});

test('the menu builder: a failed save focuses the menu name, and its message goes once a name is typed', async ({ page }) => {
  const account = await registerAccount('seller');
  await signIn(page, account);
  await page.goto('/menu-builder');

  const name = page.getByLabel('Menu name', { exact: true });
  await page.getByRole('button', { name: 'Save Menu' }).first().click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#menu-name-error')).toHaveText('Menu name is required');

  await name.fill('Autumn list');
  await expect(page.locator('#menu-name-error')).toHaveCount(0);
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Save Menu' }).first().click();
  await expectToastShown(page, 'Menu saved successfully');
});

test('account settings: each form shows its errors under the fields, focuses the first, and a refusal by the server lands on its field', async ({ page }) => {
  const account = await registerAccount('buyer');
  await signIn(page, account);
  await page.goto('/profile/account');

  const current = page.locator('#current-password');
  const fresh = page.locator('#new-password');
  await fresh.fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toBeFocused();
  await expect(page.locator('#current-password-error')).toHaveText('Enter your current password');
  await expect(page.locator('#new-password-error')).toHaveText('Password must be at least 6 characters');

  await current.fill('not-my-password');
  await expect(page.locator('#current-password-error')).toHaveCount(0);
  await expect(page.locator('#new-password-error')).toBeVisible();
  await fresh.fill('long-enough-password');
  await expect(page.locator('#new-password-error')).toHaveCount(0);

  // The server's refusal names the field: it shows there, and focus goes to it.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#current-password-error')).toHaveText('Your current password is not correct');
  await expect(current).toBeFocused();

  const email = page.locator('#new-email');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(email).toBeFocused();
  await expect(page.locator('#new-email-error')).toBeVisible();
  await email.fill('new-address@example.com');
  await expect(page.locator('#new-email-error')).toHaveCount(0);
  await expect(page.locator('#email-current-password-error')).toHaveText('Enter your current password');
});
