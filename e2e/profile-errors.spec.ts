import { expect, registerAccount, signIn, test } from './support/fixtures';

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
