/**
 * The seller's catalogue as a seller uses it, on a desktop and on a 390 px
 * phone: add a product through every validation message, edit it, change its
 * stock and price from the card, sort, filter and delete with confirmation;
 * import a CSV with a bad row and export the catalogue with no network.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { apiGet, apiLogin, serverProducts } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { expectAllSynced, pendingCount, syncStatus, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';
import { expectToastShownThenClose, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

const CSV_HEADER = 'strainName,description,category,thcPercentage,cbdPercentage,pricePerUnit,unitType,availableQuantity,lotSize,sku,id';

type ProductInput = {
  name?: string;
  description?: string;
  category?: string;
  unit?: string;
  thc?: string;
  cbd?: string;
  price?: string;
  quantity?: string;
  lotSize?: string;
};

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });

/** A product's card, found by its heading. */
const cardOf = (page: Page, name: string) =>
  productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

const cardNames = (page: Page) => productList(page).getByRole('heading', { level: 2 });

async function fillProductForm(dialog: Locator, product: ProductInput): Promise<void> {
  const boxes: [keyof ProductInput, string][] = [
    ['name', 'Strain Name *'],
    ['description', 'Description'],
    ['thc', 'THC %'],
    ['cbd', 'CBD %'],
    ['price', 'Price per unit ($)'],
    ['quantity', 'Available quantity'],
    ['lotSize', 'Lot size (minimum order)'],
  ];
  for (const [field, label] of boxes) {
    const value = product[field];
    if (value !== undefined) await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  if (product.category) await dialog.getByLabel('Category', { exact: true }).selectOption(product.category);
  if (product.unit) await dialog.getByLabel('Unit', { exact: true }).selectOption(product.unit);
}

async function addProduct(page: Page, product: ProductInput & { name: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await fillProductForm(dialog, product);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
  await expectToastShownThenClose(page, 'Product created successfully');
  await expect(cardOf(page, product.name)).toBeVisible();
}

async function sortBy(page: Page, label: string): Promise<void> {
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `the page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

async function downloadedText(download: Download): Promise<string> {
  return (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
}

function journeys() {
  test('add through every validation message, edit, quick-edit stock, filter, sort and delete', async ({ page }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByText('No products yet.')).toBeVisible();
    await expectAllSynced(page);

    // Every message the Add Product dialog can show, each under its own box.
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    const submit = dialog.getByRole('button', { name: 'Add Product' });
    const box = (label: string) => dialog.getByLabel(label, { exact: true });
    await submit.click();
    await expect(box('Strain Name *')).toHaveAccessibleDescription('Strain name is required');
    await expect(box('Strain Name *')).toHaveAttribute('aria-invalid', 'true');
    // Focus goes to the field in error, and its message goes as soon as it is fixed.
    await expect(box('Strain Name *')).toBeFocused();
    await page.keyboard.type('Gelato Haze');
    await expect(box('Strain Name *')).toHaveAttribute('aria-invalid', 'false');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await fillProductForm(dialog, { name: 'Gelato Haze', thc: '100.5', cbd: '101', price: '-1', quantity: '-2', lotSize: '0' });
    await submit.click();
    await expect(box('Strain Name *')).toHaveAttribute('aria-invalid', 'false');
    await expect(box('THC %')).toBeFocused();
    await expect(box('THC %')).toHaveAccessibleDescription('THC % must be between 0 and 100');
    await expect(box('CBD %')).toHaveAccessibleDescription('CBD % must be between 0 and 100');
    await expect(box('Price per unit ($)')).toHaveAccessibleDescription('Price must be between 0 and 99999999.99');
    await expect(box('Available quantity')).toHaveAccessibleDescription('Available quantity must be between 0 and 9999999.999');
    await expect(box('Lot size (minimum order)')).toHaveAccessibleDescription('Lot size must be a whole number of at least 1');

    await fillProductForm(dialog, { name: '   ', thc: '24.555', cbd: '0.125', price: '12.345', quantity: '1.0005', lotSize: '1.5' });
    await submit.click();
    await expect(box('Strain Name *')).toHaveAccessibleDescription('Strain name is required');
    await expect(box('THC %')).toHaveAccessibleDescription('THC % allows at most 2 decimal places');
    await expect(box('CBD %')).toHaveAccessibleDescription('CBD % allows at most 2 decimal places');
    await expect(box('Price per unit ($)')).toHaveAccessibleDescription('Price allows at most 2 decimal places');
    await expect(box('Available quantity')).toHaveAccessibleDescription('Available quantity allows at most 3 decimal places');
    await expect(box('Lot size (minimum order)')).toHaveAccessibleDescription('Lot size must be a whole number of at least 1');

    await fillProductForm(dialog, { lotSize: '2000000' });
    await submit.click();
    await expect(box('Lot size (minimum order)')).toHaveAccessibleDescription('Lot size is too large');
    // Nothing was saved while the form was wrong.
    await expect(pendingCount(page)).toHaveCount(0);

    await fillProductForm(dialog, {
      name: 'Gelato Haze',
      category: 'concentrate',
      unit: 'lb',
      thc: '24.5',
      cbd: '0.8',
      price: '1200.5',
      quantity: '10.125',
      lotSize: '2',
    });
    await submit.click();
    await expect(dialog).toBeHidden();
    await expectToastShownThenClose(page, 'Product created successfully');
    const gelato = cardOf(page, 'Gelato Haze');
    await expect(gelato).toContainText('$1,200.50 / lb');
    await expect(gelato).toContainText('10.125 lb available');
    await expect(gelato).toContainText('THC 24.50%');
    await expect(gelato).toContainText('CBD 0.80%');
    await expect(gelato).toContainText('Concentrate');
    await expectAllSynced(page);

    // Two more, synced one at a time so "newest first" has distinct dates.
    await addProduct(page, { name: 'Apple Fritter', category: 'flower', unit: 'oz', thc: '28', price: '35', quantity: '3' });
    await expectAllSynced(page);
    await addProduct(page, { name: 'Zkittlez Cart', category: 'vape', unit: 'unit', quantity: '50' });
    await expectAllSynced(page);
    await expect(cardOf(page, 'Zkittlez Cart')).toContainText('Price on request');

    // Edit opens the same dialog, filled in.
    await page.getByRole('button', { name: 'Edit Gelato Haze', exact: true }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(editDialog.getByLabel('Strain Name *', { exact: true })).toHaveValue('Gelato Haze');
    await expect(editDialog.getByLabel('Price per unit ($)', { exact: true })).toHaveValue('1200.5');
    await expect(editDialog.getByLabel('Category', { exact: true })).toHaveValue('concentrate');
    await editDialog.getByLabel('THC %', { exact: true }).fill('120');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editDialog.getByLabel('THC %', { exact: true })).toHaveAccessibleDescription('THC % must be between 0 and 100');
    await fillProductForm(editDialog, { name: 'Gelato Supreme', description: 'Creamy and sweet', thc: '24.5' });
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editDialog).toBeHidden();
    await expectToastShownThenClose(page, 'Product updated successfully');
    const supreme = cardOf(page, 'Gelato Supreme');
    await expect(supreme).toContainText('Creamy and sweet');
    await expect(supreme).toContainText('$1,200.50 / lb');
    await expect(cardOf(page, 'Gelato Haze')).toHaveCount(0);

    // Quick stock edit on the card: the schema's messages, then one update with the new quantity and price.
    const quantity = supreme.getByLabel('Quantity of Gelato Supreme', { exact: true });
    const price = supreme.getByLabel('Price of Gelato Supreme', { exact: true });
    const save = supreme.getByRole('button', { name: 'Save quantity and price of Gelato Supreme' });
    await expect(quantity).toHaveValue('10.125');
    await expect(price).toHaveValue('1200.5');
    await expect(save).toBeDisabled();
    await quantity.fill('-1');
    await price.fill('12.345');
    await save.click();
    await expect(quantity).toHaveAccessibleDescription('Available quantity must be between 0 and 9999999.999');
    await expect(price).toHaveAccessibleDescription('Price allows at most 2 decimal places');
    await quantity.fill('7.5');
    await price.fill('1100');
    await save.click();
    await expectToastShownThenClose(page, 'Product updated successfully');
    await expect(supreme).toContainText('$1,100.00 / lb');
    await expect(supreme).toContainText('7.5 lb available');
    await expect(quantity).toHaveValue('7.5');
    await expect(save).toBeDisabled();
    // Each card's boxes are its own.
    await expect(cardOf(page, 'Apple Fritter').getByLabel('Quantity of Apple Fritter', { exact: true })).toHaveValue('3');

    // Search and the category filter still work.
    await page.getByLabel('Search products').fill('creamy');
    await expect(cardNames(page)).toHaveText(['Gelato Supreme']);
    await page.getByLabel('Search products').fill('');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Vape' });
    await expect(cardNames(page)).toHaveText(['Zkittlez Cart']);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All categories' });

    // Sorting; a product without the value sorted on goes last.
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('newest');
    await expect(cardNames(page)).toHaveText(['Zkittlez Cart', 'Apple Fritter', 'Gelato Supreme']);
    await sortBy(page, 'Name (A–Z)');
    await expect(cardNames(page)).toHaveText(['Apple Fritter', 'Gelato Supreme', 'Zkittlez Cart']);
    await sortBy(page, 'Price: low to high');
    await expect(cardNames(page)).toHaveText(['Apple Fritter', 'Gelato Supreme', 'Zkittlez Cart']);
    await sortBy(page, 'Price: high to low');
    await expect(cardNames(page)).toHaveText(['Gelato Supreme', 'Apple Fritter', 'Zkittlez Cart']);
    await sortBy(page, 'THC: high to low');
    await expect(cardNames(page)).toHaveText(['Apple Fritter', 'Gelato Supreme', 'Zkittlez Cart']);
    await sortBy(page, 'Quantity: high to low');
    await expect(cardNames(page)).toHaveText(['Zkittlez Cart', 'Gelato Supreme', 'Apple Fritter']);
    await sortBy(page, 'Newest first');
    await expect(cardNames(page)).toHaveText(['Zkittlez Cart', 'Apple Fritter', 'Gelato Supreme']);
    await expectNoSidewaysScroll(page);

    // Delete asks first; Cancel keeps the product.
    await page.getByRole('button', { name: 'Delete Apple Fritter', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete product?' });
    await expect(confirm).toContainText('Are you sure you want to delete Apple Fritter?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(cardOf(page, 'Apple Fritter')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Apple Fritter', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expectToastShownThenClose(page, 'Product deleted successfully');
    await expect(cardOf(page, 'Apple Fritter')).toHaveCount(0);
    await expect(cardNames(page)).toHaveText(['Zkittlez Cart', 'Gelato Supreme']);

    // The server has the result.
    await expectAllSynced(page);
    const session = await apiLogin(seller);
    const onServer = await apiGet<
      { strainName: string; description: string | null; pricePerUnit: string | null; availableQuantity: string; thcPercentage: string | null; lotSize: number }[]
    >('/api/products', session);
    expect(onServer.map((product) => product.strainName).sort()).toEqual(['Gelato Supreme', 'Zkittlez Cart']);
    expect(onServer.find((product) => product.strainName === 'Gelato Supreme')).toMatchObject({
      description: 'Creamy and sweet',
      pricePerUnit: '1100.00',
      availableQuantity: '7.500',
      thcPercentage: '24.50',
      lotSize: 2,
    });
  });

  test('import a CSV with a bad row and export the catalogue, with the network off', async ({ page, context }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page);
    await page.goto('/products');
    await expect(page.getByText('No products yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    await goOffline(context);
    await expect(syncStatus(page)).toHaveAccessibleName(/^Sync status: Offline/);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });

    // The template: the header row and one example row, made on the device.
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download template' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('products-template.csv');
    const templateLines = (await downloadedText(template)).trimEnd().split('\r\n');
    expect(templateLines).toHaveLength(2);
    expect(templateLines[0]).toBe(CSV_HEADER);

    // A file with a byte order mark, a quoted comma, a formula-looking cell and one bad row (row 3).
    const csv = [
      `\uFEFF${CSV_HEADER}`,
      'Offline OG,"Dense, frosty buds",flower,22.5,,950,lb,12.5,1',
      ',Missing its name,flower,20,,900,lb,3,1',
      'Grow Room Gummies,"=HYPERLINK(""http://evil.test"")",edible,,,15.75,unit,200,10',
      'Night Vape,,vape,85,,30,unit,40,5',
      '',
      '',
    ].join('\r\n');
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('status')).toHaveText('3 of 4 rows are valid; 1 row with errors will be skipped.');
    await expect(preview.getByRole('list', { name: 'Rows with errors' }).getByRole('listitem')).toHaveText(['Row 3: Strain name is required']);
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expect(preview.getByRole('row').filter({ hasText: 'Offline OG' })).toContainText('$950.00');
    await expectNoSidewaysScroll(page);
    // Nothing is written before Import is pressed.
    await expect(pendingCount(page)).toHaveCount(0);

    await preview.getByRole('button', { name: 'Import 3 products' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Imported 3 products.');
    await expect(dialog.getByRole('list', { name: 'Skipped rows' }).getByRole('listitem')).toHaveText(['Row 3: Strain name is required']);
    await expectToastShownThenClose(page, 'Imported 3 products');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await expect(cardNames(page)).toHaveCount(3);
    await expect(cardOf(page, 'Offline OG')).toContainText('$950.00 / lb');
    await expect(cardOf(page, 'Offline OG')).toContainText('12.5 lb available');
    await expect(cardOf(page, 'Grow Room Gummies')).toContainText('200 units available');
    await expect(cardOf(page, 'Night Vape')).toContainText('THC 85.00%');
    await expect(pendingCount(page)).toHaveText('3');

    // A quick stock change with no signal too.
    const nightVape = cardOf(page, 'Night Vape');
    await nightVape.getByLabel('Quantity of Night Vape', { exact: true }).fill('0');
    await nightVape.getByRole('button', { name: 'Save quantity and price of Night Vape' }).click();
    await expectToastShownThenClose(page, 'Product updated successfully');
    await expect(nightVape).toContainText('Out of stock');
    await expect(pendingCount(page)).toHaveText('4');

    // Export: every product, the template's columns, formula-looking cells defused.
    const exportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exported = await exportDownload;
    expect(exported.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    await expectToastShownThenClose(page, 'Exported 3 products');
    const rows = Papa.parse<Record<string, string>>(await downloadedText(exported), { header: true, skipEmptyLines: true });
    expect(rows.meta.fields?.join(',')).toBe(CSV_HEADER);
    expect(rows.data.map((row) => row.strainName).sort()).toEqual(['Grow Room Gummies', 'Night Vape', 'Offline OG']);
    const byName = new Map(rows.data.map((row) => [row.strainName, row]));
    expect(byName.get('Offline OG')).toMatchObject({ description: 'Dense, frosty buds', pricePerUnit: '950.00', availableQuantity: '12.500', thcPercentage: '22.50' });
    expect(byName.get('Grow Room Gummies')?.description).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(byName.get('Night Vape')?.availableQuantity).toBe('0.000');

    // Back online: only the valid rows reach the server.
    await goOnline(context);
    await expectAllSynced(page, 20_000);
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => [product.strainName, product.pricePerUnit]).sort()).toEqual([
      ['Grow Room Gummies', '15.75'],
      ['Night Vape', '30.00'],
      ['Offline OG', '950.00'],
    ]);
  });
}

test.describe('products on a desktop', () => {
  journeys();

  test('importing the same spreadsheet again updates the stock instead of doubling the catalogue', async ({ page }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByText('No products yet.')).toBeVisible();

    const importFile = async (stock: [string, string], expected: { status: string; plan: string; button: string }) => {
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      // A point-of-sale export: its own column names, a thousands separator and a currency sign.
      const csv = `Product Name,Item Code,Wholesale Price,Qty Available,Min Order\r\nStock Kush,SK-1,"$1,700.00",${stock[0]},2\r\nStock Haze,SH-1,"1,250.50",${stock[1]},1\r\n`;
      await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'pos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect(preview.getByRole('status')).toHaveText(expected.status);
      await expect(preview.getByText(/^Will update/)).toHaveText(expected.plan);
      await preview.getByRole('button', { name: expected.button }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
    };

    await importFile(['5', '8'], { status: '2 of 2 rows are valid.', plan: 'Will update 0, add 2.', button: 'Import 2 products' });
    await expect(cardNames(page)).toHaveCount(2);
    await expect(cardOf(page, 'Stock Kush')).toContainText('$1,700.00');
    await expect(cardOf(page, 'Stock Kush')).toContainText('5 oz available');

    await importFile(['3', '8'], { status: '2 of 2 rows are valid.', plan: 'Will update 1, add 0; 1 row matches its product already.', button: 'Import 1 product' });
    await expect(cardNames(page)).toHaveCount(2);
    await expect(cardOf(page, 'Stock Kush')).toContainText('3 oz available');
    await expect(cardOf(page, 'Stock Haze')).toContainText('8 oz available');

    await expectAllSynced(page, 20_000);
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => [product.sku, product.availableQuantity, product.pricePerUnit, product.lotSize]).sort()).toEqual([
      ['SH-1', '8.000', '1250.50', 1],
      ['SK-1', '3.000', '1700.00', 2],
    ]);
  });
});

test.describe('products on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  journeys();
});
