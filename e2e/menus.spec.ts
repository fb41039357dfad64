/**
 * A seller's menu journey, on a desktop and on a 390 px wide phone: build a
 * menu (a whole category at once, reordered), save it, copy its link and open
 * it with no login, filter and sort it; duplicate it; regenerate its link so
 * the old one answers 'Menu Not Found'; delete a menu.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { apiLogin, serverMenus, type ApiSession } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { openSharedMenu } from './support/shared-menu';
import { expectToastShownThenClose, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

type NewProduct = { strainName: string; category: string; pricePerUnit: string; thcPercentage: string; unitType: string };

// Made oldest first; the builder lists the catalogue newest first.
const CATALOGUE: NewProduct[] = [
  { strainName: 'Blue Dream', category: 'flower', pricePerUnit: '200', thcPercentage: '22', unitType: 'lb' },
  { strainName: 'Mango Vape', category: 'vape', pricePerUnit: '30', thcPercentage: '85', unitType: 'unit' },
  { strainName: 'Gelato Cake', category: 'flower', pricePerUnit: '250', thcPercentage: '27', unitType: 'lb' },
  { strainName: 'Lemon Gummies', category: 'edible', pricePerUnit: '15', thcPercentage: '10', unitType: 'unit' },
  { strainName: 'OG Preroll', category: 'preroll', pricePerUnit: '10', thcPercentage: '20', unitType: 'unit' },
];

/** The order the seller sets in the builder, and so the order the menu is saved and served in. */
const SAVED_ORDER = ['Mango Vape', 'Blue Dream', 'Gelato Cake', 'Lemon Gummies'];

async function createProducts(session: ApiSession): Promise<void> {
  for (const product of CATALOGUE) {
    const response = await fetch(`${baseUrl()}/api/products`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ ...product, availableQuantity: '10' }),
    });
    if (response.status !== 201) throw new Error(`Creating ${product.strainName} failed: ${response.status} ${await response.text()}`);
    // Distinct creation times, so the catalogue's newest-first order is certain.
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

const previewItems = (page: Page) => page.getByRole('list', { name: 'Products on this menu' }).getByRole('listitem');
const itemsNamed = (names: string[]) => names.map((name) => new RegExp(`^\\d+${name}`));
const menuCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const menuIdOf = (page: Page) => /\/menu-builder\/([0-9a-f-]{36})$/.exec(page.url())?.[1];

async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The server's copy of a menu, once sync has brought it there with `check` true. */
async function expectOnServer(session: ApiSession, menuId: string, check: (menu: { publicLinkId: string; productIds: string[]; name: string }) => boolean) {
  await expect
    .poll(
      async () => {
        const menu = (await serverMenus(session)).find((candidate) => candidate.id === menuId) as { publicLinkId: string; productIds: string[]; name: string } | undefined;
        return Boolean(menu && check(menu));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Opens a link in a new browser context: no login, no service worker, no cache. */
async function inFreshContext<T>(browser: Browser, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function expectHeadings(list: Locator, names: string[]) {
  await expect(list).toHaveText(names);
}

/**
 * The products chosen for the menu, in order. On a phone they show on demand
 * (the builder keeps its Save button in a bar at the bottom), so the list is
 * opened first there.
 */
async function expectChosen(page: Page, names: string[], phone: boolean) {
  if (phone) {
    const toggle = page.getByRole('button', { name: /^(Show|Hide) chosen/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(previewItems(page)).toHaveText(itemsNamed(names));
}

async function menuJourney(page: Page, context: BrowserContext, browser: Browser, options: { regenerateOffline: boolean; phone: boolean }) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seller = await registerAccount('seller');
  const session = await apiLogin(seller);
  await createProducts(session);
  await signIn(page, seller);

  await page.goto('/menus');
  await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible();
  await expect(page.getByText('No menus yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Create Menu' }).click();
  await expect(page).toHaveURL(/\/menu-builder$/);

  // Nothing to preview yet, and a name is required.
  await page.getByRole('button', { name: 'Preview' }).click();
  const unavailable = page.getByRole('dialog', { name: 'Preview Not Available' });
  await expect(unavailable).toContainText('Save your menu first to generate a preview');
  await unavailable.getByRole('button', { name: 'OK' }).click();
  await expect(unavailable).toBeHidden();
  await page.getByRole('button', { name: 'Save Menu' }).click();
  await expect(page.getByText('Menu name is required')).toBeVisible();
  await expect(page.getByLabel('Menu name')).toHaveAttribute('aria-invalid', 'true');

  if (options.phone) {
    // The chosen products wait behind their button, and Save stays in view however far the catalogue scrolls.
    await expect(page.getByRole('button', { name: 'Show chosen (0)' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('No products on this menu yet.')).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('button', { name: 'Save Menu' })).toBeInViewport();
  }
  await page.getByLabel('Menu name').fill('Spring Drop');
  await page.getByLabel('Description').fill('Fresh from the spring harvest');

  // One button per category of the catalogue.
  const addAll = page.getByRole('group', { name: 'Add a whole category' }).getByRole('button');
  await expect(addAll).toHaveText(['Add all Flower', 'Add all Pre-roll', 'Add all Edible', 'Add all Vape']);
  await page.getByRole('button', { name: 'Add all Flower' }).click();
  // Catalogue order: newest first.
  await expectChosen(page, ['Gelato Cake', 'Blue Dream'], options.phone);
  // Once every Flower product is on the menu, the button says so itself (a tooltip never shows on a phone).
  await expect(page.getByRole('button', { name: 'All Flower added' })).toBeDisabled();
  await page.getByRole('button', { name: /^Mango Vape/ }).click();
  await expectChosen(page, ['Gelato Cake', 'Blue Dream', 'Mango Vape'], options.phone);

  // Reorder with the arrows; focus stays with the product that moved.
  await page.getByRole('button', { name: 'Move Mango Vape up' }).click();
  await page.getByRole('button', { name: 'Move Mango Vape up' }).click();
  await expectChosen(page, ['Mango Vape', 'Gelato Cake', 'Blue Dream'], options.phone);
  await expect(page.getByRole('button', { name: 'Move Mango Vape up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Mango Vape down' })).toBeFocused();
  await page.getByRole('button', { name: 'Move Gelato Cake down' }).click();
  await expect(page.getByRole('button', { name: 'Move Gelato Cake up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectChosen(page, ['Mango Vape', 'Gelato Cake', 'Blue Dream'], options.phone);
  await page.getByRole('button', { name: 'Move Gelato Cake down' }).click();
  await expect(page.getByRole('button', { name: 'Move Blue Dream down' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add all Edible' }).click();
  await expectChosen(page, SAVED_ORDER, options.phone);
  await expect(page.getByText(`${SAVED_ORDER.length} products`)).toBeVisible();

  await page.getByRole('button', { name: 'Save Menu' }).click();
  await expectToastShownThenClose(page, 'Menu saved successfully');
  await expect(page.getByRole('button', { name: 'Update Menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/menu-builder\/[0-9a-f-]{36}$/);
  const menuId = menuIdOf(page)!;
  await expectChosen(page, SAVED_ORDER, options.phone);
  const productIdsInOrder = await serverProductIds(session, SAVED_ORDER);
  await expectOnServer(session, menuId, (menu) => menu.productIds.join() === productIdsInOrder.join());

  // Copy the link and open it with no login.
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expectToastShownThenClose(page, 'Link copied!');
  const firstLink = await readClipboard(page);
  expect(firstLink).toMatch(new RegExp(`^${baseUrl()}/menu/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('menu-link')).toHaveText(firstLink);

  await inFreshContext(browser, async (buyerPage) => {
    await openSharedMenu(buyerPage, firstLink.split('/').pop()!);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Spring Drop' })).toBeVisible();
    await expect(buyerPage.getByText('Fresh from the spring harvest')).toBeVisible();
    const cards = buyerPage.getByRole('heading', { level: 2 });
    await expect(cards).toHaveCount(SAVED_ORDER.length);
    // The menu is served in the order the seller set.
    const served = (await (await buyerPage.request.get(`/api/public/menu/${firstLink.split('/').pop()}`)).json()) as {
      products: Array<{ strainName: string }>;
    };
    expect(served.products.map((product) => product.strainName)).toEqual(SAVED_ORDER);

    const filters = buyerPage.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    await expect(filters).toHaveText(['All', 'Flower', 'Edible', 'Vape']);
    await buyerPage.getByRole('button', { name: 'Flower', exact: true }).click();
    await expectHeadings(cards, ['Blue Dream', 'Gelato Cake']);
    await buyerPage.getByRole('button', { name: 'Vape', exact: true }).click();
    await expectHeadings(cards, ['Mango Vape']);
    await buyerPage.getByRole('button', { name: 'All', exact: true }).click();
    await buyerPage.getByLabel('Sort by').selectOption('price-high');
    await expectHeadings(cards, ['Gelato Cake', 'Blue Dream', 'Mango Vape', 'Lemon Gummies']);
    await buyerPage.getByLabel('Sort by').selectOption('price-low');
    await expectHeadings(cards, ['Lemon Gummies', 'Mango Vape', 'Blue Dream', 'Gelato Cake']);
    await buyerPage.getByLabel('Sort by').selectOption('thc');
    await expectHeadings(cards, ['Mango Vape', 'Gelato Cake', 'Blue Dream', 'Lemon Gummies']);
    await buyerPage.getByLabel('Sort by').selectOption('name');
    await expectHeadings(cards, ['Blue Dream', 'Gelato Cake', 'Lemon Gummies', 'Mango Vape']);
  });

  // Duplicate from the menus page: a private copy with the same products, opened in the builder.
  await page.goto('/menus');
  const original = menuCard(page, 'Spring Drop');
  await expect(original).toContainText('4 items');
  await expect(original).toContainText('Private');
  await original.getByRole('button', { name: 'Duplicate Spring Drop' }).click();
  await expectToastShownThenClose(page, 'Menu duplicated');
  await expect(page).toHaveURL(/\/menu-builder\/[0-9a-f-]{36}$/);
  const copyId = menuIdOf(page)!;
  expect(copyId).not.toBe(menuId);
  await expect(page.getByLabel('Menu name')).toHaveValue('Spring Drop (copy)');
  await expect(page.getByLabel('Description')).toHaveValue('Fresh from the spring harvest');
  await expect(page.getByLabel('Access type')).toHaveValue('private');
  await expectChosen(page, SAVED_ORDER, options.phone);
  await expect(page.getByTestId('menu-link')).not.toHaveText(firstLink);
  // And from the builder of a saved menu.
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expectToastShownThenClose(page, 'Menu duplicated');
  await expect(page.getByLabel('Menu name')).toHaveValue('Spring Drop (copy) (copy)');
  const secondCopyId = menuIdOf(page)!;
  expect([menuId, copyId]).not.toContain(secondCopyId);
  await expectOnServer(session, secondCopyId, (menu) => menu.productIds.join() === productIdsInOrder.join());

  // Regenerate the original's link: confirm, the builder shows and shares the new link, the old one stops working.
  await page.goto(`/menu-builder/${menuId}`);
  await expect(page.getByLabel('Menu name')).toHaveValue('Spring Drop');
  if (options.regenerateOffline) await goOffline(context);
  await page.getByRole('button', { name: 'Regenerate link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate link?' });
  await expect(confirm).toContainText('Anyone with the old link will no longer be able to open this menu.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('menu-link')).toHaveText(firstLink);
  await page.getByRole('button', { name: 'Regenerate link' }).click();
  await confirm.getByRole('button', { name: 'Regenerate link' }).click();
  await expect(confirm).toBeHidden();
  await expectToastShownThenClose(page, 'New link created');
  await expect(page.getByTestId('menu-link')).not.toHaveText(firstLink);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expectToastShownThenClose(page, 'Link copied!');
  const newLink = await readClipboard(page);
  expect(newLink).not.toBe(firstLink);
  await expect(page.getByTestId('menu-link')).toHaveText(newLink);
  if (options.regenerateOffline) await goOnline(context);
  const newLinkId = newLink.split('/').pop()!;
  await expectOnServer(session, menuId, (menu) => menu.publicLinkId === newLinkId);

  await inFreshContext(browser, async (buyerPage) => {
    await buyerPage.goto(firstLink);
    await expect(buyerPage.getByRole('heading', { name: 'Menu Not Found' })).toBeVisible();
    await expect(buyerPage.getByText("The menu you're looking for doesn't exist or may have been removed.")).toBeVisible();
    await buyerPage.goto(newLink);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Spring Drop' })).toBeVisible();
    await expect(buyerPage.getByRole('heading', { level: 2 })).toHaveCount(SAVED_ORDER.length);
  });

  // The menus page shares the new link too.
  await page.goto('/menus');
  await menuCard(page, 'Spring Drop').getByRole('button', { name: 'Copy Link' }).click();
  await expectToastShownThenClose(page, 'Link copied!');
  expect(await readClipboard(page)).toBe(newLink);

  // Delete a copy, after the confirmation.
  const doomed = menuCard(page, 'Spring Drop (copy) (copy)');
  await expect(doomed).toBeVisible();
  await doomed.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this menu?' });
  await expect(question).toContainText('its public link go for good');
  await question.getByRole('button', { name: 'Delete menu' }).click();
  await expectToastShownThenClose(page, 'Menu deleted successfully');
  await expect(doomed).toHaveCount(0);
  await expect(menuCard(page, 'Spring Drop')).toBeVisible();
  await expect(menuCard(page, 'Spring Drop (copy)')).toBeVisible();
  await expect.poll(async () => (await serverMenus(session)).map((menu) => menu.id).sort(), { timeout: 15_000 }).toEqual([menuId, copyId].sort());
}

async function serverProductIds(session: ApiSession, names: string[]): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/products`, { headers: { Authorization: `Bearer ${session.token}` } });
  const products = (await response.json()) as Array<{ id: string; strainName: string }>;
  return names.map((name) => products.find((product) => product.strainName === name)!.id);
}

test.describe('menus on a desktop', () => {
  test('build, reorder, share, duplicate, regenerate the link (offline) and delete', async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    await menuJourney(page, context, browser, { regenerateOffline: true, phone: false });
  });
});

test.describe('menus on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('build, reorder, share, duplicate, regenerate the link and delete', async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    await menuJourney(page, context, browser, { regenerateOffline: false, phone: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the menus page scrolls sideways').toBeLessThanOrEqual(0);
  });
});
