/**
 * A new product never throws away what was typed into it: the form flags a
 * SKU the catalogue already has before anything is sent; a product the server
 * refuses anyway (another device took the SKU while this one was offline) is
 * kept under Needs attention, named by its name, across a reload, with "Edit
 * and send again" opening the form filled in, and Discard asks first; a
 * double click of Add Product makes one product.
 */
import type { Locator, Page } from '@playwright/test';
import { apiLogin, serverProducts, type ApiProduct, type ApiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { solidPng } from './support/uploads';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { expectAllSynced, openProducts, syncStatus } from './support/offline-app';
import { goOffline, goOnline } from './support/network';

/** As long as the form allows: every word of it must come back. */
const LONG_DESCRIPTION = 'Sweet berry nose, dense frosty buds, cured four weeks. '.repeat(100).slice(0, 5000);

const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Product' });

async function openAddProduct(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  const dialog = addDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillNewProduct(dialog: Locator, product: { name: string; sku: string; description?: string }): Promise<void> {
  await dialog.getByLabel('Strain Name *', { exact: true }).fill(product.name);
  if (product.description) await dialog.getByLabel('Description', { exact: true }).fill(product.description);
  await dialog.getByLabel('Price per unit ($)', { exact: true }).fill('1200');
  await dialog.getByLabel('Available quantity', { exact: true }).fill('10');
  await dialog.getByLabel('SKU', { exact: true }).fill(product.sku);
}

async function signedInOnProducts(page: Page): Promise<ApiSession> {
  const seller = await registerAccount('seller');
  await signIn(page, seller);
  await openProducts(page);
  await expectAllSynced(page);
  return apiLogin(seller);
}

test('a SKU the catalogue already has is flagged in the form, in the server words, and nothing is sent', async ({ page }) => {
  const session = await signedInOnProducts(page);
  let dialog = await openAddProduct(page);
  await fillNewProduct(dialog, { name: 'Blue Haze', sku: 'HZ-1' });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  await expectAllSynced(page);

  dialog = await openAddProduct(page);
  await fillNewProduct(dialog, { name: 'Blue Dream', sku: 'HZ-1' });
  const sku = dialog.getByLabel('SKU', { exact: true });
  // Said as it is typed, before any tap of Add Product.
  await expect(dialog.getByText('SKU HZ-1 is already used by Blue Haze')).toBeVisible();
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeVisible();
  await expect(sku).toBeFocused();
  expect((await serverProducts(session)).map((product) => product.strainName)).toEqual(['Blue Haze']);

  await sku.fill('BD-1');
  await expect(dialog.getByText(/is already used by/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  await expectAllSynced(page);
  expect((await serverProducts(session)).map((product) => product.sku).sort()).toEqual(['BD-1', 'HZ-1']);
});

test('a new product the server refuses is kept under Needs attention and sent again from the form filled in', async ({ page, context }) => {
  const session = await signedInOnProducts(page);

  const dialog = await openAddProduct(page);
  await fillNewProduct(dialog, { name: 'Blue Dream', sku: 'BD-1', description: LONG_DESCRIPTION });
  await dialog.getByLabel('Choose from library').setInputFiles({ name: 'blue-dream.png', mimeType: 'image/png', buffer: solidPng(400, 300, [40, 80, 160]) });
  await expect(dialog.getByTestId('gallery-photo')).toHaveCount(1, { timeout: 20_000 });
  await expect(dialog.getByText('Preparing photo…')).toHaveCount(0);
  // Offline, this device cannot know another one is about to take the SKU.
  await goOffline(context);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  await apiPost('/api/products', session, { strainName: 'Blue Haze', sku: 'BD-1' });
  await goOnline(context);

  const needsAttention = page.getByRole('region', { name: 'Needs attention' });
  await expect(needsAttention).toContainText('Blue Dream could not be added', { timeout: 15_000 });
  await expect(needsAttention).toContainText('SKU BD-1 is already used by Blue Haze');

  // The sync status names it by what it was, and cannot dismiss it.
  await syncStatus(page).click();
  const kept = page.getByRole('dialog').getByRole('list', { name: 'Needs attention' }).getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('New product: Blue Dream');
  await expect(kept.getByRole('link', { name: 'Open in products' })).toBeVisible();
  await expect(kept.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Kept on the device, across a reload.
  await page.reload();
  await expect(needsAttention).toContainText('Blue Dream could not be added');
  expect(await seriousViolations(page)).toEqual([]);

  // Discarding asks first; saying no keeps it.
  await needsAttention.getByRole('button', { name: 'Discard' }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard Blue Dream?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(needsAttention).toContainText('Blue Dream could not be added');

  await needsAttention.getByRole('button', { name: 'Edit and send again' }).click();
  const form = addDialog(page);
  await expect(form.getByLabel('Strain Name *', { exact: true })).toHaveValue('Blue Dream');
  await expect(form.getByLabel('Description', { exact: true })).toHaveValue(LONG_DESCRIPTION);
  await expect(form.getByLabel('Price per unit ($)', { exact: true })).toHaveValue('1200');
  await expect(form.getByTestId('gallery-photo').getByRole('img', { name: 'Blue Dream, photo 1' })).toBeVisible();
  await expect(form.getByText('SKU BD-1 is already used by Blue Haze')).toBeVisible();
  await form.getByLabel('SKU', { exact: true }).fill('BD-2');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form).toBeHidden();
  await expect(needsAttention).toHaveCount(0);
  await expectAllSynced(page);

  const sent = (await serverProducts(session)).find((product) => product.strainName === 'Blue Dream') as (ApiProduct & { photoIds: string[] }) | undefined;
  expect(sent?.sku).toBe('BD-2');
  expect(sent?.photoIds).toHaveLength(1);
  expect((await serverProducts(session)).map((product) => product.strainName).sort()).toEqual(['Blue Dream', 'Blue Haze']);
});

test('a double click of Add Product makes one product', async ({ page }) => {
  const session = await signedInOnProducts(page);
  const dialog = await openAddProduct(page);
  await fillNewProduct(dialog, { name: 'Double Tap', sku: 'DT-1' });
  await dialog.getByRole('button', { name: 'Add Product' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { name: 'Double Tap', exact: true })).toHaveCount(1);
  await expectAllSynced(page);
  expect((await serverProducts(session)).map((product) => product.strainName)).toEqual(['Double Tap']);
  // Nothing refused either: the second click sent nothing.
  await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
});
