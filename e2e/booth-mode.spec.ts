/**
 * Booth mode: at a trade show with no signal, a seller opens their own menu at
 * its public address, and from Preview in the menu builder, drawn from their
 * device with the photos it holds. A menu made offline is not handed out by
 * link or QR code before the server has it, and is as soon as it has.
 */
import type { Page } from '@playwright/test';
import { SAMPLE_MENU_LINK_ID } from '../sync/rules/sample-menu';
import { baseUrl, DEMO_SELLER, expect, registerAccount, signIn, test } from './support/fixtures';
import { addProduct, editProductPrice, expectAllSynced, openMenus, openProducts, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';
import { openSharedMenu } from './support/shared-menu';
import { solidPng } from './support/uploads';

const SHOWN_FROM_DEVICE = 'Shown from this device';
/** The demo seller's sample menu, which opens at its own link and at the short address the landing page gives it. */
const SAMPLE_MENU = { name: 'Fall Wholesale Menu', productCount: 12 };

/** Builds a menu of the named products in the menu builder and saves it; its id. */
async function buildMenu(page: Page, name: string, products: string[]): Promise<string> {
  await openMenus(page);
  await page.getByRole('link', { name: 'Create Menu' }).click();
  await page.getByLabel('Menu name').fill(name);
  for (const product of products) await page.getByRole('button', { name: new RegExp(`^${product}`) }).click();
  await page.getByRole('button', { name: 'Save Menu' }).click();
  await expect(page.getByRole('button', { name: 'Update Menu' })).toBeVisible();
  const id = /\/menu-builder\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** The menu's public page as the seller's device draws it. */
async function expectShownFromDevice(page: Page, menuName: string, products: string[]): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: menuName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: SHOWN_FROM_DEVICE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(products);
}

test.describe('booth mode', () => {
  test("a seller opens their own menu's public address and its Preview offline, drawn from the device with its photos", async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await openProducts(page);
    await addProduct(page, { name: 'Booth Haze', price: '18' });
    await buildMenu(page, 'Trade Show Menu', ['Booth Haze']);
    await expectAllSynced(page);
    // Synced, the builder hands out the link.
    const publicLinkId = /\/menu\/([0-9a-f-]{36})$/.exec((await page.getByTestId('menu-link').textContent()) ?? '')?.[1];
    expect(publicLinkId).toBeTruthy();

    await goOffline(context);
    // A product photographed on the floor, with no signal: its photo lives only on this device.
    await openProducts(page);
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Strain Name *', { exact: true }).fill('Floor Kush');
    await dialog.getByLabel('Price per unit ($)', { exact: true }).fill('24');
    await dialog.getByLabel('Trade Show Menu').check();
    await dialog.getByLabel('Choose from library').setInputFiles([{ name: 'bud.png', mimeType: 'image/png', buffer: solidPng(320, 240, [60, 120, 60]) }]);
    await expect(dialog.getByTestId('gallery-photo')).toHaveCount(1, { timeout: 20_000 });
    await expect(dialog.getByText('Preparing photo…')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeHidden();

    // The public address, typed in with no network: the app opens it from this device.
    await page.goto(`/menu/${publicLinkId}`);
    await expectShownFromDevice(page, 'Trade Show Menu', ['Booth Haze', 'Floor Kush']);
    await expect(page.getByRole('img', { name: 'Floor Kush', exact: true })).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText("couldn't be loaded")).toHaveCount(0);
    // And a way back into the app.
    await page.getByRole('link', { name: '← Back to the menu builder' }).click();
    await expect(page.getByRole('heading', { name: 'Edit menu', level: 1 })).toBeVisible();

    // Preview from the builder opens the same page in a new tab.
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview', exact: true }).click()]);
    await expectShownFromDevice(preview, 'Trade Show Menu', ['Booth Haze', 'Floor Kush']);
    await preview.close();

    // Anyone else's device, offline, still says the menu could not be loaded, with a way to try again.
    const guestContext = await browser.newContext({ baseURL: baseUrl() });
    try {
      const guest = await guestContext.newPage();
      await guest.goto('/');
      await waitForServiceWorkerControl(guest);
      await goOffline(guestContext);
      await guest.goto(`/menu/${publicLinkId}`);
      await expect(guest.getByRole('alert')).toContainText("This menu couldn't be loaded because there's no connection.");
      await expect(guest.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(guest.getByText(SHOWN_FROM_DEVICE)).toHaveCount(0);
    } finally {
      await guestContext.close();
    }
    await goOnline(context);
  });

  test('a menu made offline is shown from the device, and its share dialog offers the link once the device has synced', async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await openProducts(page);
    await addProduct(page, { name: 'Early Bird', price: '12' });
    await expectAllSynced(page);

    await goOffline(context);
    const menuId = await buildMenu(page, 'Made Offline', ['Early Bird']);
    const notice = "This menu hasn't reached the server yet: its link will work once your device syncs.";
    // The builder's share card holds the link back and says why.
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
    await expect(page.getByTestId('menu-link')).toHaveCount(0);

    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview', exact: true }).click()]);
    await expectShownFromDevice(preview, 'Made Offline', ['Early Bird']);
    await preview.close();

    await page.getByRole('button', { name: 'Share Made Offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Made Offline' });
    await expect(dialog.getByRole('status')).toHaveText(notice);
    await expect(dialog.getByRole('img', { name: /^QR code/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);

    // Back online, with the dialog still open: once the device has synced, the link and its code appear.
    await goOnline(context);
    const link = dialog.getByTestId('share-link');
    await expect(link).toHaveText(new RegExp(`^${baseURL}/menu/[0-9a-f-]{36}$`), { timeout: 20_000 });
    await expect(dialog.getByRole('img', { name: 'QR code for the link to Made Offline' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveCount(0);
    const publicLinkId = /\/menu\/([0-9a-f-]{36})$/.exec((await link.textContent()) ?? '')?.[1];

    // The link now answers for anyone.
    const response = await fetch(`${baseUrl()}/api/public/menu/${publicLinkId}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { menu: { id: string } }).menu.id).toBe(menuId);
  });

  test('a seller who opened their menu a moment ago and lost signal reopens it from the device, not from a copy that looks fresh', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await openProducts(page);
    await addProduct(page, { name: 'Quick Kush', price: '15' });
    await buildMenu(page, 'Just Opened', ['Quick Kush']);
    await expectAllSynced(page);
    const publicLinkId = /\/menu\/([0-9a-f-]{36})$/.exec((await page.getByTestId('menu-link').textContent()) ?? '')?.[1];
    expect(publicLinkId).toBeTruthy();
    // Opened online: the server's menu, and the device keeps a copy of it.
    await openSharedMenu(page, publicLinkId!);
    await expect(page.getByRole('heading', { level: 1, name: 'Just Opened' })).toBeVisible();
    await expect(page.getByText(SHOWN_FROM_DEVICE)).toHaveCount(0);

    // Seconds later, with no signal: a changed price shows the menu is the device's own, not the copy kept a moment ago.
    await goOffline(context);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await editProductPrice(page, 'Quick Kush', '16');
    await page.goto(`/menu/${publicLinkId}`);
    await expectShownFromDevice(page, 'Just Opened', ['Quick Kush']);
    await expect(page.getByText('$16.00')).toBeVisible();
    await goOnline(context);
  });

  test("the sample menu's short address opens offline from the device, as its own link does", async ({ page, context }) => {
    await signIn(page, DEMO_SELLER);
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page);
    for (const address of ['sample', SAMPLE_MENU_LINK_ID]) {
      await openSharedMenu(page, address);
      await expect(page.getByRole('heading', { level: 1, name: SAMPLE_MENU.name })).toBeVisible();
    }

    await goOffline(context);
    for (const address of [SAMPLE_MENU_LINK_ID, 'sample']) {
      await page.goto(`/menu/${address}`);
      await expect(page.getByRole('heading', { level: 1, name: SAMPLE_MENU.name })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: SHOWN_FROM_DEVICE })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(SAMPLE_MENU.productCount);
      await expect(page.getByRole('link', { name: '← Back to the menu builder' })).toBeVisible();
    }
    await goOnline(context);
  });
});
