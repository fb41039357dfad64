/**
 * The cart's words: a quantity the cart cannot take says what is wrong with it (at least the least orderable, at most
 * what is available, whole units only, a number), the total keeps counting the lines that can be ordered and says how
 * many it leaves out, and an order submitted online says it was sent, never that it waits for the network.
 */
import { apiGet, apiLogin } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectToastShown, noteToasts } from './support/toasts';
import { quantityProblems } from './support/quantity-words';

test('each quantity the cart cannot take says why, and the total keeps the lines that can be ordered', async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Ridge Growers ${tag}`);
  const kush = `Glacier Kush ${tag}`;
  const gummies = `Sour Gummies ${tag}`;
  const glacier = await createProduct(seller.session, { strainName: kush, category: 'flower', unitType: 'lb', pricePerUnit: '100.00', availableQuantity: '20', lotSize: 1 });
  const sour = await createProduct(seller.session, { strainName: gummies, category: 'edible', unitType: 'unit', pricePerUnit: '5.00', availableQuantity: '100', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Ridge Weekly ${tag}`, isPublic: true, productIds: [glacier.id, sour.id] });
  const buyer = await registerAccount('buyer');

  await noteToasts(page);
  await signIn(page, buyer);
  await page.goto(`/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: `Add ${kush} to cart` }).click();
  await page.getByRole('button', { name: `Add ${gummies} to cart` }).click();
  await page.getByRole('button', { name: 'Cart (2)' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  const kushQuantity = cart.getByLabel(`Quantity of ${kush} in cart`);
  const gummiesQuantity = cart.getByLabel(`Quantity of ${gummies} in cart`);
  const problem = (name: string) => cart.getByRole('listitem').filter({ hasText: name }).getByRole('alert');
  const total = cart.getByText(/^Total:/);

  await gummiesQuantity.fill('10');
  await kushQuantity.fill('2');
  await expect(total).toHaveText('Total: $250.00');

  // Each problem in its own words, and the total still counts the ten gummies.
  for (const [typed, said] of quantityProblems(kush)) {
    await kushQuantity.fill(typed);
    await expect(problem(kush)).toHaveText(said);
    await expect(kushQuantity).toHaveAttribute('aria-invalid', 'true');
    await expect(total).toHaveText('Total: $50.00Not counting one line to fix above');
    await expect(cart).not.toContainText('priced by the seller');
  }

  await kushQuantity.fill('2');
  await gummiesQuantity.fill('2.5');
  await expect(problem(gummies)).toHaveText(`${gummies}: whole units only`);
  await expect(total).toHaveText('Total: $200.00Not counting one line to fix above');

  await kushQuantity.fill('');
  await expect(total).toHaveText('Total: $0.00Not counting 2 lines to fix above');

  // Both fixed: nothing left out, and an order submitted online is on its way, not waiting for the network.
  await kushQuantity.fill('2');
  await gummiesQuantity.fill('3');
  await expect(problem(kush)).toHaveCount(0);
  await expect(problem(gummies)).toHaveCount(0);
  await expect(total).toHaveText('Total: $215.00');
  await cart.getByRole('button', { name: 'Submit order' }).click();
  await expectToastShown(page, 'Order sent');
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await expect(page.getByText('as soon as you are online')).toHaveCount(0);
  await expect(page.getByText('Order saved')).toHaveCount(0);
  const { orders } = await apiGet<{ orders: Array<{ total: string }> }>('/api/orders', await apiLogin(buyer));
  expect(orders).toEqual([expect.objectContaining({ total: '215.00' })]);
});
