/** Driving the offline-first app: the service worker, the sync status in the top bar, and the product form. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the service worker controls the page (it needs a load and a reload), so the app opens offline. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The sync status button in the top bar; its accessible name says where the changes stand. */
export function syncStatus(page: Page): Locator {
  return page.getByRole('button', { name: /^Sync status:/ });
}

/** The badge with the number of changes waiting to sync (absent when none wait). */
export function pendingCount(page: Page): Locator {
  return page.getByTestId('pending-count');
}

export async function expectAllSynced(page: Page, timeout = 10_000): Promise<void> {
  await expect(syncStatus(page)).toHaveAccessibleName('Sync status: All changes synced', { timeout });
  await expect(pendingCount(page)).toHaveCount(0);
}

/** Opens the Products page through the main navigation (no page load, so it works offline without a service worker). */
export async function openProducts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
}

export async function openMenus(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible();
}

/** The product's card heading on the Products page. */
export function productCard(page: Page, name: string): Locator {
  return page.getByRole('heading', { name, exact: true });
}

/** Adds a product through the Add Product dialog, on the Products page. */
export async function addProduct(page: Page, product: { name: string; price: string; quantity?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Strain Name *', { exact: true }).fill(product.name);
  await dialog.getByLabel('Category', { exact: true }).selectOption('flower');
  await dialog.getByLabel('Unit', { exact: true }).selectOption('oz');
  await dialog.getByLabel('Price per unit ($)', { exact: true }).fill(product.price);
  await dialog.getByLabel('Available quantity', { exact: true }).fill(product.quantity ?? '10');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  await expect(productCard(page, product.name)).toBeVisible();
}

/** Changes a product's price through its Edit dialog, on the Products page. */
export async function editProductPrice(page: Page, name: string, price: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Strain Name *', { exact: true })).toHaveValue(name);
  await dialog.getByLabel('Price per unit ($)', { exact: true }).fill(price);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
}
