/**
 * The back button and unsaved work: back closes an open dialog before it leaves the page, and leaving a menu being
 * built asks first, by a link or by back, with Cancel keeping every word
 * (docs/decisions/015-screens-guard-navigation-in-one-place.md). A double tap on Save Menu makes one menu.
 */
import type { Page } from '@playwright/test';
import { apiGet } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { expectAllSynced } from './support/offline-app';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

/** The drafts of long forms the signed-in person's database on this device holds, each as JSON. */
function keptDraftValues(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).flatMap((database) => (database.name?.startsWith('replica-') ? [database.name] : []));
    const values: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      if (db.objectStoreNames.contains('drafts')) {
        const drafts = await new Promise<Array<{ value: unknown }>>((resolve) => {
          const reading = db.transaction('drafts').objectStore('drafts').getAll();
          reading.onsuccess = () => resolve(reading.result as Array<{ value: unknown }>);
        });
        values.push(...drafts.map((draft) => JSON.stringify(draft.value)));
      }
      db.close();
    }
    return values;
  });
}

/** How many drafts of long forms the device holds. */
async function keptDrafts(page: Page): Promise<number> {
  return (await keptDraftValues(page)).length;
}

test('back closes the open dialog first, and leaving a menu being built asks before its work is lost', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Back Roads Farm ${tag}`);
  const product = await createProduct(seller.session, {
    strainName: `Back Road Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '9.00',
    availableQuantity: '20',
    lotSize: 1,
  });
  await signIn(page, seller.account);

  // A dialog open over the products page: back closes it and stays on the page. The dashboard has an Add Product button
  // too, and stays drawn while the products page loads: the page is waited for, not only its address.
  await nav(page).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // With something typed in it, back asks first; Cancel keeps the form and what was typed.
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  await form.getByLabel('Strain Name *').fill(`Half Typed ${tag}`);
  await page.goBack();
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByLabel('Strain Name *')).toHaveValue(`Half Typed ${tag}`);
  await page.goBack();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/products$/);

  // A menu begun and not saved: leaving by a link asks, and Cancel keeps it.
  await nav(page).getByRole('link', { name: 'Menus' }).click();
  await page
    .getByRole('link', { name: /Create Menu/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/menu-builder$/);
  const name = `Weekend List ${tag}`;
  await page.getByLabel('Menu name').fill(name);
  await page
    .getByRole('list', { name: 'Your catalogue' })
    .getByRole('button', { name: new RegExp(product.strainName) })
    .click();
  await nav(page).getByRole('link', { name: 'Products' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/menu-builder$/);
  await expect(page.getByLabel('Menu name')).toHaveValue(name);

  // Back asks too.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/menu-builder$/);
  await expect(page.getByLabel('Menu name')).toHaveValue(name);

  // Saved with a double tap: one menu, and nothing left to ask about.
  await page.getByRole('button', { name: 'Save Menu', exact: true }).first().dblclick();
  await expect(page).toHaveURL(/\/menu-builder\/[0-9a-f-]{36}$/);
  await expectAllSynced(page, 20_000);
  const menus = await apiGet<Array<{ name: string }>>('/api/menus', seller.session);
  expect(menus.map((menu) => menu.name)).toEqual([name]);
  await nav(page).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(ask).toBeHidden();

  // Leave, when asked, leaves: the work is given up knowingly.
  await nav(page).getByRole('link', { name: 'Menus' }).click();
  await page
    .getByRole('link', { name: /Create Menu/ })
    .first()
    .click();
  await page.getByLabel('Menu name').fill(`Given up ${tag}`);
  await nav(page).getByRole('link', { name: 'Products' }).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a price list being written asks before it is left, and a double tap adds a customer once', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Ledger Farm ${tag}`);
  const product = await createProduct(seller.session, {
    strainName: `Ledger Haze ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '12.00',
    availableQuantity: '20',
    lotSize: 1,
  });
  await signIn(page, seller.account);

  await nav(page).getByRole('link', { name: 'Price lists' }).click();
  await page.getByRole('link', { name: 'New price list' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Partners ${tag}`);
  await page.getByLabel(`Price for ${product.strainName}`).fill('10.50');
  await nav(page).getByRole('link', { name: 'Customers' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Partners ${tag}`);

  // The list as typed, grid included, is kept on the device once typing pauses, and comes back after a reload.
  await expect.poll(() => keptDraftValues(page), { timeout: 15_000 }).toEqual([expect.stringContaining('"10.50"')]);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Partners ${tag}`);
  await expect(page.getByLabel(`Price for ${product.strainName}`)).toHaveValue('10.50');
  await expect(page.getByRole('status').filter({ hasText: 'kept on this device' })).toBeVisible();

  // Leaving on purpose gives the work up, on the device too.
  await nav(page).getByRole('link', { name: 'Customers' }).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect.poll(() => keptDrafts(page), { timeout: 15_000 }).toBe(0);

  await page.getByRole('button', { name: 'Add customer' }).click();
  const form = page.getByRole('dialog', { name: 'Add customer' });
  const name = `Harbor Dispensary ${tag}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('button', { name: 'Add customer' }).dblclick();
  await expect(form).toBeHidden();
  await expectAllSynced(page, 20_000);
  const customers = await apiGet<Array<{ name: string }>>('/api/customers', seller.session);
  expect(customers.map((customer) => customer.name)).toEqual([name]);
  await expect(page.getByRole('status').filter({ hasText: 'already exists' })).toHaveCount(0);
});

test('a menu being built is kept on the device: a reload brings the work back, and it can be discarded', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Draft Hill Farm ${tag}`);
  const product = await createProduct(seller.session, {
    strainName: `Draft Kush ${tag}`,
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '11.00',
    availableQuantity: '20',
    lotSize: 1,
  });
  await signIn(page, seller.account);
  await nav(page).getByRole('link', { name: 'Menus' }).click();
  await page
    .getByRole('link', { name: /Create Menu/ })
    .first()
    .click();
  const name = `Friday Drop ${tag}`;
  await page.getByLabel('Menu name').fill(name);
  await page
    .getByRole('list', { name: 'Your catalogue' })
    .getByRole('button', { name: new RegExp(product.strainName) })
    .click();

  // Reloading asks first, as leaving does; after the reload the work is back and says so.
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))));
  // The name alone may be kept before the product is picked: wait for the draft that holds both.
  await expect.poll(() => keptDraftValues(page), { timeout: 15_000 }).toEqual([expect.stringContaining(product.id)]);
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(page.getByLabel('Menu name')).toHaveValue(name);
  const kept = page.getByRole('status').filter({ hasText: 'kept on this device' });
  await expect(kept).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your catalogue' }).getByRole('button', { name: new RegExp(product.strainName) })).toBeDisabled();

  await kept.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByLabel('Menu name')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Menu name')).toHaveValue('');
});

test('a new product being written is kept on the device: after a reload the form opens with it, and it can be discarded', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const seller = await sellerWithBusiness(`Draft Valley ${tag}`);
  await signIn(page, seller.account);
  await nav(page).getByRole('link', { name: 'Products' }).click();
  // Not the dashboard's Add Product, drawn until the products page has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  const description = `Dense buds, sweet pine nose, hand trimmed. ${tag} `.repeat(20).trim();
  await form.getByLabel('Strain Name *').fill(`Valley Haze ${tag}`);
  await form.getByLabel('Description').fill(description);
  // The strain name alone may be kept before the description is typed: wait for the draft that holds both.
  await expect.poll(() => keptDraftValues(page), { timeout: 15_000 }).toEqual([expect.stringContaining('sweet pine nose')]);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  await expect(form.getByLabel('Strain Name *')).toHaveValue(`Valley Haze ${tag}`);
  await expect(form.getByLabel('Description')).toHaveValue(description);
  const kept = form.getByRole('status').filter({ hasText: 'kept on this device' });
  await kept.getByRole('button', { name: 'Discard it' }).click();
  await expect(form.getByLabel('Strain Name *')).toHaveValue('');
  await expect.poll(() => keptDrafts(page), { timeout: 15_000 }).toBe(0);
});
