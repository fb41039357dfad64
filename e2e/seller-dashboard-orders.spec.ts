/**
 * The seller dashboard's orders and money: the open orders by where they stand, what customers owe and how much of it
 * is overdue, and this month's sales, read from the device, a rep's of their own customers only. The page's clock runs
 * a day and a half ahead, so that an order delivered today on delivery terms is overdue.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { repOf } from './support/team';

test.use({ timezoneId: 'UTC' });

const AHEAD_MS = 36 * 60 * 60 * 1000;

/** The dashboard's card of this name: its figure, then what it is made of. */
const card = (page: Page, label: string) => page.getByRole('region', { name: 'Orders and money' }).getByRole('link').filter({ hasText: label });

test("the seller dashboard shows the open orders by status, what is owed and overdue, and this month's sales; a rep sees their customers' only", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  const haze = await createProduct(seller.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '500', lotSize: 1 });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
  const rep = await repOf(seller.account);
  const lines = (quantity: string) => [{ productId: haze.id, quantity }];

  // A buyer's new order, $125.00, waiting for the seller.
  const buyer = await apiLogin(await registerAccount('buyer'));
  await apiPost('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: lines('10') });
  // The seller's own order for a walk-in customer, $50.00, accepted as written.
  const walkIn = await apiPost<{ id: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Walk-in ${tag}` });
  await apiPost('/api/orders', seller.session, { id: randomUUID(), customerId: walkIn.id, lines: lines('4') });
  // The rep's customer's order, $100.00, delivered today on delivery terms and $30.00 of it paid.
  const repsShop = await apiPost<{ id: string }>('/api/customers', seller.session, { id: randomUUID(), name: `Rep's Shop ${tag}`, repUserId: rep.id });
  const delivered = await apiPost<{ id: string }>('/api/orders', seller.session, { id: randomUUID(), customerId: repsShop.id, lines: lines('8') });
  await apiPost(`/api/orders/${delivered.id}/fulfil`, seller.session, {});
  await apiPost(`/api/orders/${delivered.id}/deliver`, seller.session, { lines: [{ productId: haze.id, deliveredQuantity: '8' }] });
  await apiPost(`/api/orders/${delivered.id}/payments`, seller.session, { amount: '30.00', method: 'cash', receivedAt: new Date().toISOString().slice(0, 10) });

  const ahead = new Date(Date.now() + AHEAD_MS);
  // Orders placed now are this month's sales on the page's clock, unless its day and a half ahead began a new month.
  const sameMonth = ahead.getUTCMonth() === new Date().getUTCMonth();
  await page.clock.install({ time: ahead });
  await signIn(page, seller.account);
  await page.goto('/seller/dashboard');
  await expect(card(page, 'Open orders')).toContainText('2');
  await expect(card(page, 'Open orders').getByRole('definition')).toHaveText(['1', '0', '1', '0']);
  await expect(card(page, 'Money owed')).toContainText('$120.00');
  await expect(card(page, 'Money owed')).toContainText('2 orders');
  await expect(card(page, 'Overdue')).toContainText('$70.00');
  await expect(card(page, 'Overdue')).toContainText('1 order');
  await expect(card(page, 'Sales this month')).toContainText(sameMonth ? '$150.00' : '$0.00');
  expect(await seriousViolations(page)).toEqual([]);
  await card(page, 'Money owed').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  const repContext = await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' });
  const repPage = await repContext.newPage();
  await repPage.clock.install({ time: ahead });
  await signIn(repPage, rep);
  await repPage.goto('/seller/dashboard');
  await expect(card(repPage, 'Money owed')).toContainText('$70.00');
  await expect(card(repPage, 'Money owed')).toContainText('1 order');
  await expect(card(repPage, 'Overdue')).toContainText('$70.00');
  await expect(card(repPage, 'Open orders').getByRole('definition')).toHaveText(['0', '0', '0', '0']);
  await expect(card(repPage, 'Sales this month')).toContainText(sameMonth ? '$100.00' : '$0.00');
  await repContext.close();
});
