/**
 * Layout at a phone's and a desktop's width: on a 390 px phone an order's lines show their Total column whole and
 * never run a quantity into its price, and the main menu never scrolls sideways; at 1280 px the product name stays
 * whole beside a sync status in words. (The team page's role box and a public menu's first screen at 390 px are
 * checked in mobile.spec.ts; admin tables' wrapping in text-wrapping.spec.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { goOffline } from './support/network';
import { addProduct, openProducts, syncStatus } from './support/offline-app';

const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  return box!;
}

/** Whether two boxes share any drawn area. */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

test('on a 390 px phone the order lines show their Total column whole and keep each quantity clear of its price', async ({ page }) => {
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Hilltop Farms ${tag}`);
  // Wide figures on every column: a long name, four-digit quantities, and a seven-figure total.
  const product = await createProduct(seller.session, {
    strainName: `Granddaddy Purple Reserve ${tag}`,
    category: 'flower',
    unitType: 'unit',
    pricePerUnit: '1250.00',
    availableQuantity: '5000',
    lotSize: 1,
  });
  const menu = await createMenu(seller.session, { name: `Show List ${tag}`, isPublic: true, productIds: [product.id] });
  const buyer = await apiLogin(await registerAccount('buyer'));
  const order = await apiPost<{ id: string }>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '1500' }] });
  // Delivered short, so the table has its widest form: a Delivered column too.
  await apiPost(`/api/orders/${order.id}/accept`, seller.session, {});
  await apiPost(`/api/orders/${order.id}/fulfil`, seller.session, {});
  await apiPost(`/api/orders/${order.id}/deliver`, seller.session, { lines: [{ productId: product.id, deliveredQuantity: '1499' }] });

  await page.setViewportSize(PHONE);
  await signIn(page, seller.account);
  await page.goto(`/orders/${order.id}`);
  const lines = page.getByRole('region', { name: 'Order lines' });
  // On a phone the name reads above its figures.
  await expect(lines.getByRole('cell', { name: product.strainName })).toBeInViewport();
  const row = lines.getByRole('row').filter({ hasText: '$1,873,750.00' });
  await expect(row.getByRole('cell')).toHaveCount(4);

  const cells = row.getByRole('cell');
  const [ordered, deliveredCell, price, total] = await Promise.all([0, 1, 2, 3].map((index) => boxOf(cells.nth(index))));
  const heading = await boxOf(lines.getByRole('columnheader', { name: 'Total' }));
  for (const box of [heading, total!]) {
    expect(box.x, 'the Total column starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the Total column ends on the screen').toBeLessThanOrEqual(PHONE.width);
  }
  expect(overlap(ordered!, price!), 'the quantity runs into the price').toBe(false);
  expect(overlap(deliveredCell!, price!), 'the delivered quantity runs into the price').toBe(false);
  expect(overlap(price!, total!), 'the price runs into the total').toBe(false);
  // Each figure is drawn whole in its cell, on one line.
  for (const index of [0, 1, 2, 3]) {
    expect(await cells.nth(index).evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
  }
  await expectNoSidewaysScroll(page, PHONE.width);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const role of ['seller', 'buyer'] as const) {
  test(`on a 390 px phone the ${role}'s main menu never scrolls sideways`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, await registerAccount(role));
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link').first()).toBeVisible();
    const sideways = await nav.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(sideways, `the menu scrolls sideways by ${sideways}px`).toBeLessThanOrEqual(0);
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, PHONE.width);
  });
}

test('at 1280 px the product name stays whole while the bar shows a sync status in words', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await registerAccount('seller'));
  await openProducts(page);
  await goOffline(context);
  await addProduct(page, { name: 'Waiting Widow', price: '10' });
  await expect(syncStatus(page).getByTestId('sync-state-words')).toHaveText('Offline · 1 waiting');
  await expect(page.getByTestId('trial-badge')).toBeVisible();

  const brand = page.getByRole('banner').getByRole('link', { name: 'Wholesale Menus', exact: true });
  await expect(brand).toHaveText('Wholesale Menus');
  await expect(brand).toBeInViewport({ ratio: 1 });
  const drawn = await brand.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const text = range.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    const style = getComputedStyle(link);
    return {
      clipped: link.scrollWidth > link.clientWidth,
      ellipsis: style.textOverflow === 'ellipsis' && style.overflow !== 'visible',
      fits: text.right <= box.right + 0.5 && text.left >= box.left - 0.5,
    };
  });
  expect(drawn).toEqual({ clipped: false, ellipsis: false, fits: true });
  await expectNoSidewaysScroll(page, 1280);
});
