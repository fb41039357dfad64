/**
 * The README's first five minutes and its tour of the deal, followed as a newcomer would on the demo data: the
 * accounts and the link are read from the README itself, so the text and the screens cannot part. Reads only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiGet, apiLogin } from './support/api';
import { DEMO_BUYER, DEMO_SELLER, expect, signIn, test } from './support/fixtures';

const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const section = (title: string) => README.split(/^## /m).find((part) => part.startsWith(title)) ?? '';

type OrderOnServer = { id: string; number: string; status: string; total: string; amountPaid: string };

/** Opens a screen from the top bar, as a person does: the app stays loaded. */
async function openFromNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('the first five minutes: the demo seller signs in and the sample menu opens at /menu/sample for a guest', async ({ page, browser }) => {
  // Signing in downloads the demo seller's whole book (catalogue, customers, orders) to the device first.
  test.slow();
  const minutes = section('First five minutes');
  for (const account of [DEMO_SELLER, DEMO_BUYER]) expect(minutes).toContain(`\`${account.email}\`, \`${account.password}\``);
  expect(minutes).toContain('<http://localhost:3000/menu/sample>');

  await signIn(page, DEMO_SELLER);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Great Lakes Cultivation Co.' })).toBeVisible();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/menu/sample');
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
  await expect(guestPage.getByText('Great Lakes Cultivation Co.').first()).toBeVisible();
  await guest.close();
});

test('the tour of the deal: customer, price list, order, invoice and payment, on the screens the README names', async ({ page }) => {
  test.slow();
  const tour = section('A tour of the deal');
  for (const route of ['/customers', '/price-lists', '/orders', '/orders/:id']) expect(tour).toContain(`\`${route}\``);

  await signIn(page, DEMO_SELLER);
  await openFromNav(page, 'Customers');
  await expect(page.getByRole('link', { name: 'Northside Provisions', exact: true })).toBeVisible();

  await openFromNav(page, 'Price lists');
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Northside Provisions — preferred' })).toBeVisible();

  await openFromNav(page, 'Orders');
  await expect(page.getByRole('link', { name: /Northside Provisions/ })).toHaveCount(5);

  const { orders } = await apiGet<{ orders: OrderOnServer[] }>('/api/orders', await apiLogin(DEMO_SELLER));
  const partlyPaid = orders.find((order) => order.status === 'delivered' && order.amountPaid !== order.total)!;
  expect(tour).toContain(`partly paid ($${Number(partlyPaid.amountPaid).toLocaleString('en-US', { minimumFractionDigits: 2 })})`);
  await page.getByRole('link', { name: new RegExp(partlyPaid.number) }).click();
  const summary = page.getByRole('region', { name: 'Invoice summary' });
  await expect(summary).toContainText('Amount due');
  await expect(page.getByRole('button', { name: 'Download the invoice (PDF)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record a payment' })).toBeVisible();
});
