import { expect, test } from './support/fixtures';

test('the privacy policy and the terms name the contact address the operator configured', async ({ page }) => {
  for (const [path, section] of [
    ['/privacy-policy', 'Contact us'],
    ['/terms-conditions', '12. Contact'],
  ]) {
    await page.goto(path!);
    const contact = page.getByRole('region', { name: section! });
    await expect(contact.getByRole('link', { name: 'help@e2e.test' })).toHaveAttribute('href', 'mailto:help@e2e.test');
    await expect(page.getByText(/wholesalemenus\.example/)).toHaveCount(0);
  }
});
