import { expect, test } from './support/fixtures';

test.describe('the sample menu, with no login', () => {
  test('shows the seller, filters by category and sorts', async ({ page }) => {
    await page.goto('/menu/sample');
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await expect(page.getByText('Great Lakes Cultivation Co.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);

    await page.getByRole('button', { name: 'Vape' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
    await page.getByRole('button', { name: 'All' }).click();

    await page.getByLabel('Sort by').selectOption('price-high');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Gelato #41');
    await expect(page.getByText('Out of stock')).toBeVisible();
  });

  test('an unknown link says Menu Not Found', async ({ page }) => {
    await page.goto('/menu/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Menu Not Found' })).toBeVisible();
    await expect(page.getByText("The menu you're looking for doesn't exist or may have been removed.")).toBeVisible();
  });
});
