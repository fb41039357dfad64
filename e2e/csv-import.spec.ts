/**
 * Another cannabis system's export, imported as a new seller would: 30 rows in
 * that system's spellings ("Available Inventory", "EA", "Vape Cartridge",
 * "<LOQ"), a mapping step for the column and the value with no sure match, the
 * choices remembered for the second file, whose preview says what each update
 * changes; a lab result below detection shows as ND on the Products page and
 * the shared menu. axe checks each step of the import screen.
 */
import { fileURLToPath } from 'node:url';
import { apiGet, apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { createMenu } from './support/marketplace';
import { expectAllSynced, pendingCount } from './support/offline-app';
import { openSharedMenu } from './support/shared-menu';

const OTHER_SYSTEM_FILE = fileURLToPath(new URL('./fixtures/other-system-catalogue.csv', import.meta.url));

/** The same system's next export: a new price and stock, a lab result now below detection, a new price, one row as it was. */
const NEXT_EXPORT = [
  'Product Name,SKU,Category,Strain Type,THC,CBD,Wholesale Price,UOM,Available Inventory,Minimum Order Quantity,Brand',
  'Blue Dream 3.5g,OS-001,Flower,Hybrid,24.5%,<0.1%,$27.00,Eighth,95,10,Orchard Farms',
  'Sour Diesel Pound,OS-003,Flower,Sativa,ND,<LOQ,"$1,650.00",lb,12.5,1,Orchard Farms',
  'Moon Rocks,OS-019,Moon Rocks,Hybrid,51.0%,ND,$30.00,Eighth,50,5,Orchard Farms',
  'Full Spectrum Tincture,OS-021,Tincture,,10.0%,10.0%,$42.00,EA,60,6,Canyon Labs',
].join('\r\n');

type ServerProduct = {
  id: string;
  strainName: string;
  category: string;
  unitType: string;
  thcPercentage: string | null;
  thcBelowDetection: boolean;
  cbdPercentage: string | null;
  cbdBelowDetection: boolean;
  pricePerUnit: string | null;
  availableQuantity: string;
  lotSize: number;
  description: string | null;
};

test('another system’s export imports every row after one mapping step, remembered for the next file', async ({ page }) => {
  test.setTimeout(180_000);
  const seller = await registerAccount('seller');
  await signIn(page, seller);
  await page.goto('/products');
  await expect(page.getByText('No products yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  await dialog.getByLabel('CSV file', { exact: true }).setInputFiles(OTHER_SYSTEM_FILE);

  // The mapping step asks only what has no sure match, each with its suggestion.
  const mapping = dialog.getByRole('region', { name: 'Match the file to your catalogue' });
  await expect(mapping.getByRole('combobox')).toHaveCount(5);
  await expect(mapping.getByLabel('Column "Brand"')).toHaveValue('leaveOut');
  await expect(mapping.getByLabel('Column "Strain Type"')).toHaveValue('addToDescription');
  await expect(mapping.getByLabel('Column "Strain Type"').locator('option')).toHaveText(['Add to the description', 'Leave out']);
  await expect(mapping.getByLabel('Category "Moon Rocks"')).toHaveValue('skipRows');
  await expect(mapping.getByLabel('Category "Tincture"')).toHaveValue('edible');
  await expect(mapping.getByLabel('Unit "Eighth"')).toHaveValue('unit');
  expect(await seriousViolations(page)).toEqual([]);

  await mapping.getByLabel('Column "Brand"').selectOption({ label: 'Add to the description' });
  await mapping.getByLabel('Column "Strain Type"').selectOption({ label: 'Leave out' });
  await mapping.getByLabel('Category "Moon Rocks"').selectOption({ label: 'Flower' });
  await mapping.getByRole('button', { name: 'Continue' }).click();

  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status')).toHaveText('30 of 30 rows are valid.');
  await expect(preview.getByText(/^Will update/)).toHaveText('Will update 0, add 30.');
  await expect(preview.getByRole('list', { name: 'Matched as you chose' }).getByRole('listitem')).toHaveText([
    'Column "Strain Type": Leave out',
    'Column "Brand": Add to the description',
    'Category "Moon Rocks": Flower',
    'Category "Tincture": Edible',
    'Unit "Eighth": unit (each)',
  ]);
  await expect(preview.getByText('Columns left out: Strain Type.')).toBeVisible();
  // The long table scrolls on its own, and the keyboard reaches it.
  const rowsRegion = preview.getByRole('region', { name: 'Rows read from the file' });
  await rowsRegion.focus();
  await expect(rowsRegion).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is written before Import is pressed.
  await expect(pendingCount(page)).toHaveCount(0);

  await preview.getByRole('button', { name: 'Import 30 products' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 30 products.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const products = page.getByRole('list', { name: 'Products' });
  const card = (name: string) => products.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(products.getByRole('heading', { level: 2 })).toHaveCount(30);
  await expect(card('Blue Dream 3.5g')).toContainText('Brand: Orchard Farms');
  await expect(card('Blue Dream 3.5g')).toContainText('$25.00 / unit');
  await expect(card('Blue Dream 3.5g')).toContainText('120 units available');
  await expect(card('Blue Dream 3.5g')).toContainText('CBD ND');
  await expect(card('CBD Relief Balm')).toContainText('THC ND');
  await expect(card('CBD Relief Balm')).toContainText('CBD 12.50%');
  await expect(card('Live Resin Cart 1g')).toContainText('Vape');
  await expect(card('Moon Rocks')).toContainText('Flower');
  await expect(card('Sleep Tincture')).toContainText('Edible');

  await expectAllSynced(page, 30_000);
  const session = await apiLogin(seller);
  const onServer = new Map((await apiGet<ServerProduct[]>('/api/products', session)).map((product) => [product.strainName, product]));
  expect(onServer.size).toBe(30);
  expect(onServer.get('Sour Diesel Pound')).toMatchObject({
    unitType: 'lb',
    pricePerUnit: '1650.00',
    availableQuantity: '12.500',
    thcPercentage: '22.00',
    cbdPercentage: null,
    cbdBelowDetection: true,
  });
  expect(onServer.get('CBD Relief Balm')).toMatchObject({ category: 'topical', thcPercentage: null, thcBelowDetection: true, lotSize: 6 });
  expect(onServer.get('Grape Ape Cart')).toMatchObject({ category: 'vape', unitType: 'unit', description: 'Brand: Canyon Labs' });

  // The next file of the same system: read with the remembered choices, no mapping step, each update saying what it changes.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'next-export.csv', mimeType: 'text/csv', buffer: Buffer.from(NEXT_EXPORT, 'utf8') });
  await expect(preview.getByRole('status')).toHaveText('4 of 4 rows are valid.');
  await expect(mapping).toHaveCount(0);
  await expect(preview.getByText(/^Will update/)).toHaveText('Will update 3, add 0; 1 row matches its product already.');
  await expect(preview.getByRole('list', { name: 'Matched as you chose' }).getByRole('listitem')).toContainText([
    'Column "Brand": Add to the description',
    'Category "Moon Rocks": Flower',
  ]);
  const previewRow = (name: string) => preview.getByRole('row').filter({ hasText: name });
  await expect(previewRow('Blue Dream 3.5g')).toContainText('Updates Blue Dream 3.5g');
  await expect(previewRow('Blue Dream 3.5g')).toContainText('Price $25.00 → $27.00, stock 120 → 95');
  await expect(previewRow('Sour Diesel Pound')).toContainText('THC 22.00% → ND');
  await expect(previewRow('Full Spectrum Tincture')).toContainText('Price $40.00 → $42.00');
  await expect(previewRow('Moon Rocks')).toContainText('No change');
  expect(await seriousViolations(page)).toEqual([]);

  // The choices can still be changed: the mapping step opens with them.
  await preview.getByRole('button', { name: 'Change matching' }).click();
  await expect(mapping.getByLabel('Category "Moon Rocks"')).toHaveValue('flower');
  await expect(mapping.getByLabel('Column "Brand"')).toHaveValue('addToDescription');
  await mapping.getByRole('button', { name: 'Continue' }).click();

  await preview.getByRole('button', { name: 'Import 3 products' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 3 products: 3 updated, 0 added.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(products.getByRole('heading', { level: 2 })).toHaveCount(30);
  await expect(card('Blue Dream 3.5g')).toContainText('95 units available');
  await expect(card('Sour Diesel Pound')).toContainText('THC ND');

  // The shared menu says ND too.
  await expectAllSynced(page, 30_000);
  const balm = onServer.get('CBD Relief Balm')!;
  const menu = await createMenu(session, { name: 'Lab results', isPublic: false, productIds: [balm.id] });
  await openSharedMenu(page, menu.publicLinkId);
  await expect(page.getByRole('main')).toContainText('THC ND');
  await expect(page.getByRole('main')).toContainText('CBD 12.50%');
});
