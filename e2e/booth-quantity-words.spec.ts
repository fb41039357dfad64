/**
 * The seller's order lines speak as the buyer's cart does: a quantity the form cannot send says what is wrong with it
 * (a number, at least one, whole units, at most what is available), and the total keeps counting the lines that can be
 * sent, saying how many it leaves out.
 */
import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './support/fixtures';
import { apiPost, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';
import { quantityProblems } from './support/quantity-words';

test("each quantity the seller's new order cannot take says why, and the total keeps the lines that can be sent", async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Ridge Growers ${tag}`);
  const kush = `Glacier Kush ${tag}`;
  const gummies = `Sour Gummies ${tag}`;
  await createProduct(seller.session, { strainName: kush, category: 'flower', unitType: 'lb', pricePerUnit: '100.00', availableQuantity: '20', lotSize: 1 });
  await createProduct(seller.session, { strainName: gummies, category: 'edible', unitType: 'unit', pricePerUnit: '5.00', availableQuantity: '100', lotSize: 1 });
  const customer = await apiPost<{ id: string; name: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Green Leaf ${tag}` });

  await signIn(page, seller.account);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  await expectAllSynced(page, 15_000);
  await page.getByRole('link', { name: 'New order' }).click();
  await page.getByLabel('Customer').selectOption({ label: customer.name });
  for (const name of [kush, gummies]) {
    await page.getByLabel('Add a product').fill(name);
    await page.getByRole('button', { name: new RegExp(name) }).click();
  }
  const lines = page.getByRole('list', { name: 'Lines' });
  const kushQuantity = lines.getByLabel(`Quantity of ${kush}`);
  const gummiesQuantity = lines.getByLabel(`Quantity of ${gummies}`);
  const problem = (name: string) => lines.getByRole('listitem').filter({ hasText: name }).getByRole('alert');
  const total = page.getByText(/^Total \$/);

  await gummiesQuantity.fill('10');
  await expect(lines.getByRole('listitem').filter({ hasText: gummies })).toContainText('units × $5.00');
  await kushQuantity.fill('2');
  await expect(total).toHaveText('Total $250.00');

  // Each problem in its own words, and the total still counts the ten gummies.
  for (const [typed, said] of quantityProblems(kush)) {
    await kushQuantity.fill(typed);
    await expect(problem(kush)).toHaveText(said);
    await expect(kushQuantity).toHaveAttribute('aria-invalid', 'true');
    await expect(total).toHaveText('Total $50.00Not counting one line to fix above');
  }

  await kushQuantity.fill('2');
  await gummiesQuantity.fill('2.5');
  await expect(problem(gummies)).toHaveText(`${gummies}: whole units only`);
  await expect(total).toHaveText('Total $200.00Not counting one line to fix above');
  await gummiesQuantity.fill('1');
  await expect(lines.getByRole('listitem').filter({ hasText: gummies })).toContainText('unit × $5.00');
  await expect(lines.getByRole('listitem').filter({ hasText: gummies })).not.toContainText('units');

  await kushQuantity.fill('');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `${kush}: enter a quantity` })
      .first(),
  ).toBeVisible();
  await expect(total).toHaveText('Total $5.00Not counting one line to fix above');

  await kushQuantity.fill('2');
  await expect(problem(kush)).toHaveCount(0);
  await expect(problem(gummies)).toHaveCount(0);
  await expect(total).toHaveText('Total $205.00');
});
