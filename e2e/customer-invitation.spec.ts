/**
 * A seller's invitation to its customer book: the customer's page says the entry is not linked, so an order written
 * for it stays with the team; the seller sends the invitation; the buyer who opens its emailed link and accepts
 * links the entry, the order the seller wrote becomes theirs, and the seller sees the customer linked.
 */
import { randomUUID } from 'node:crypto';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { latestLinkTo } from './support/mailbox';
import { apiPost, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';

test('a seller invites a customer, and the buyer who accepts takes the order written for them', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const sellerName = `Hilltop Farms ${tag}`;
  const seller = await sellerWithBusiness(sellerName);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
  const buyerAccount = await registerAccount('buyer');
  const customer = await apiPost<{ id: string; name: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Green Leaf ${tag}`, email: buyerAccount.email });
  const order = await apiPost<{ id: string; number: string }>('/api/orders', seller.session, {
    id: randomUUID(),
    customerId: customer.id,
    lines: [{ productId: haze.id, quantity: '2' }],
  });

  await signIn(page, seller.account);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(`Only your team sees this order: ${customer.name} has not linked an account to your book.`, { exact: false })).toBeVisible();
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText('Not linked', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send an invitation' }).click();
  await expect(page.getByText('Invited', { exact: true }).first()).toBeVisible();

  const link = await latestLinkTo(buyerAccount.email, '/customer-invite');
  const buyerContext = await browser.newContext({ baseURL: baseUrl() });
  try {
    const buyer = await buyerContext.newPage();
    await signIn(buyer, buyerAccount);
    await buyer.goto(`${link.pathname}${link.search}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `${sellerName} invites ${customer.name} to order on Wholesale Menus` })).toBeVisible();
    // The token leaves the address bar once read.
    await expect(buyer).toHaveURL(/\/customer-invite$/);
    await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(buyer.getByText(`You are in ${sellerName}'s customer book`)).toBeVisible();
    await buyer.getByRole('link', { name: 'Open your orders' }).click();
    await expect(buyer.getByText(order.number)).toBeVisible();
  } finally {
    await buyerContext.close();
  }

  await page.reload();
  await expect(page.getByText('Linked', { exact: true }).first()).toBeVisible();
});
