/**
 * axe in the states a screen walk does not reach: a product card with several
 * photos (on the public menu and on the seller's Products page), the
 * notifications and sync status popovers open, an error toast shown, the
 * sign-up and Add Product dialogs, a photo being prepared in the product
 * form, a price list with a row in error, the CSV preview's refused row, a
 * buyer's cart open beside the product it holds, and an order's dialogs. A
 * serious or critical violation fails, and so does an id used twice.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { idsUsedTwice, seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test, type Account } from './support/fixtures';
import { apiPost, createMenu, createProduct, sellerWithBusiness, uniqueTag } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { openSharedMenu } from './support/shared-menu';
import { addProduct, expectAllSynced, syncStatus } from './support/offline-app';
import { noteToasts, showToastHeldOpen } from './support/toasts';
import { solidPng, upload } from './support/uploads';

const STRAIN = 'Rainbow Runtz';
let seller: Account;
let publicLinkId = '';

test.beforeEach(({ page }) => noteToasts(page));

test.beforeAll(async () => {
  seller = await registerAccount('seller');
  const session = await apiLogin(seller);
  const colours: Array<[number, number, number]> = [
    [200, 40, 40],
    [40, 160, 60],
    [40, 80, 200],
  ];
  const photoIds: string[] = [];
  for (const [index, colour] of colours.entries()) photoIds.push((await upload(session, solidPng(48, 36, colour), `photo-${index + 1}.png`, 'image/png', 'product')).id);
  const product = await apiPost<{ id: string }>('/api/products', session, {
    strainName: STRAIN,
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '1200',
    availableQuantity: '12',
    sku: 'RR-3PH-001',
    photoIds,
  });
  const menu = await apiPost<{ id: string; publicLinkId: string }>('/api/menus', session, { name: 'Photo Menu', isPublic: false, productIds: [product.id] });
  publicLinkId = menu.publicLinkId;
  // A buyer's question, so the seller's notifications list an unread conversation.
  const buyer = await apiLogin(await registerAccount('buyer'));
  await apiPost('/api/inquiries', buyer, { id: randomUUID(), menuId: menu.id, publicLinkId, kind: 'message', message: 'Is the Runtz in stock?' });
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px phone', width: 360, height: 740 },
]) {
  test(`a product card with several photos passes axe on the public menu and the Products page, on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openSharedMenu(page, publicLinkId);
    const publicCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: STRAIN }) });
    await expect(publicCard.getByText('3 photos')).toBeVisible();
    await expect.poll(() => publicCard.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(48);
    expect(await seriousViolations(page), 'axe on the public menu').toEqual([]);

    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: STRAIN })).toBeVisible();
    // The seller's card shows the gallery's cover.
    const cover = page.getByRole('img', { name: STRAIN });
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(48);
    expect(await seriousViolations(page), 'axe on the Products page').toEqual([]);
  });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px phone', width: 360, height: 740 },
]) {
  test(`the notifications popover open, with an unread conversation, passes axe on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, seller);
    await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
    const popover = page.getByRole('dialog');
    await expect(popover.getByText('Is the Runtz in stock?')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the sync status popover open, with a change waiting offline, passes axe on a ${viewport.name}`, async ({ page, context }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: STRAIN })).toBeVisible();
    await expectAllSynced(page);
    expect(await openSyncStatusViolations(page), 'online').toEqual([]);
    await page.keyboard.press('Escape');

    await goOffline(context);
    await addProduct(page, { name: `Waiting Widow ${viewport.width}`, price: '10' });
    expect(await openSyncStatusViolations(page), 'offline with a change waiting').toEqual([]);
    await goOnline(context);
  });
}

/** Opens the sync status popover and runs axe with it open. */
async function openSyncStatusViolations(page: Page): Promise<string[]> {
  await syncStatus(page).click();
  await expect(page.getByRole('dialog').getByRole('status')).toBeVisible();
  return seriousViolations(page);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px phone', width: 360, height: 740 },
]) {
  test(`an error toast shown passes axe on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The toast is held open for axe by the page's own clock and focus, not by reaching it before it closes.
    await page.clock.install();
    const buyer = await registerAccount('buyer');
    await signIn(page, buyer);
    await page.goto('/profile');
    const changePhoto = page.getByLabel('Change photo');
    await expect(changePhoto).toBeAttached();
    const toast = await showToastHeldOpen(page, 'Please select an image file', () =>
      changePhoto.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }),
    );
    expect(await seriousViolations(page)).toEqual([]);
    // Open from before the scan to after it, so axe read it.
    await expect(toast).toBeVisible();
  });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
]) {
  test(`the sign-up dialog with its errors, and the Add Product dialog, pass axe on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/?auth=signup');
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(signUp.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page), 'the sign-up dialog').toEqual([]);
    expect(await idsUsedTwice(page), 'the sign-up dialog').toEqual([]);

    await signIn(page, seller);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible();
    expect(await seriousViolations(page), 'the Add Product dialog').toEqual([]);
    expect(await idsUsedTwice(page), 'the Add Product dialog').toEqual([]);
  });

  test(`a photo being prepared in the product form passes axe, and Save says why it waits, on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Decoding a photo waits for the test's word, so the form is looked at while the photo is still being prepared.
    await page.addInitScript(() => {
      const decode = window.createImageBitmap.bind(window);
      const released = new Promise<void>((resolve) => Object.assign(window, { releasePhotoDecoding: resolve }));
      window.createImageBitmap = (async (...args: Parameters<typeof createImageBitmap>) => {
        await released;
        return decode(...args);
      }) as typeof createImageBitmap;
    });
    await signIn(page, seller);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Strain Name *', { exact: true }).fill(`Preparing Haze ${viewport.width}`);
    await dialog.getByLabel('Choose from library').setInputFiles({ name: 'bud.png', mimeType: 'image/png', buffer: await patternedPng(page) });

    await expect(dialog.getByRole('list', { name: 'Gallery' }).getByRole('status')).toHaveText('Preparing photo…');
    const save = dialog.getByRole('button', { name: 'Add Product' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Waiting for the photos to be prepared…');
    await expect(dialog.getByText('Waiting for the photos to be prepared…')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.evaluate(() => (window as unknown as { releasePhotoDecoding: () => void }).releasePhotoDecoding());
    await expect(dialog.getByTestId('gallery-photo')).toHaveCount(1);
    await expect(save).toBeEnabled();
    await expect(dialog.getByText('Waiting for the photos to be prepared…')).toHaveCount(0);
  });

  test(`a price list with a row in error passes axe, its SKU readable on the red row, on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, seller);
    await page.goto('/price-lists/new');
    await page.getByLabel('Name', { exact: true }).fill(`Broken breaks ${viewport.width}`);
    await page.getByLabel(`Breaks for ${STRAIN}`).fill('lots@cheap');
    await page.getByRole('button', { name: 'Save price list' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(STRAIN) }) });
    await expect(row).toContainText('RR-3PH-001');
    await expect(page.getByRole('alert').filter({ hasText: `${STRAIN}:` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the CSV preview's refused row reads in enough contrast on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, seller);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    const csv = ['strainName,category,pricePerUnit,unitType,availableQuantity', ',flower,900,lb,3', 'Night Vape,vape,30,unit,40', ''].join('\r\n');
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const refused = dialog.getByRole('region', { name: 'Preview' }).getByRole('row').filter({ hasText: 'Strain name is required' });
    await expect(refused).toContainText('blank');
    expect(await seriousViolations(page, ['color-contrast'])).toEqual([]);
  });

  test(`a buyer's cart open beside the product it holds uses each id once and passes axe on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, await registerAccount('buyer'));
    await openSharedMenu(page, publicLinkId);
    await page.getByRole('button', { name: `Add ${STRAIN} to cart` }).click();
    await expect(page.getByLabel(`Quantity of ${STRAIN} in cart`)).toHaveCount(1);

    // The quantity shows on the card and in the product's details at once.
    await page.getByRole('button', { name: `Details of ${STRAIN}` }).click();
    await expect(page.getByLabel(`Quantity of ${STRAIN} in cart`)).toHaveCount(2);
    expect(await idsUsedTwice(page), 'the details open').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Cart (1)' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByLabel(`Quantity of ${STRAIN} in cart`)).toBeVisible();
    expect(await idsUsedTwice(page), 'the cart open').toEqual([]);
    expect(await seriousViolations(page), 'the cart open').toEqual([]);
  });
}

/** A photo with detail in it (a flat colour would be taken for a failed camera), drawn by the page. */
async function patternedPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2f6b2f';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#d9c36a';
    context.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
]) {
  test(`an order's dialogs (edit lines, reject, deliver, record a payment) pass axe on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const tag = uniqueTag();
    const trader = await sellerWithBusiness(`Hilltop Farms ${tag}`);
    const haze = await createProduct(trader.session, { strainName: `Haze ${tag}`, category: 'flower', unitType: 'oz', pricePerUnit: '12.50', availableQuantity: '50', lotSize: 1 });
    const menu = await createMenu(trader.session, { name: `Show List ${tag}`, isPublic: true, productIds: [haze.id] });
    const buyer = await apiLogin(await registerAccount('buyer'));
    const order = await apiPost<{ id: string; number: string }>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: haze.id, quantity: '10' }] });

    await signIn(page, trader.account);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
    const dialogViolations = async (opener: string, name: string) => {
      await page.getByRole('button', { name: opener, exact: true }).click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      const found = await seriousViolations(page);
      expect(await idsUsedTwice(page), name).toEqual([]);
      return found;
    };

    expect(await dialogViolations('Edit lines', `Edit the lines of ${order.number}`), 'edit lines').toEqual([]);
    await page.keyboard.press('Escape');
    expect(await dialogViolations('Reject', `Reject ${order.number}`), 'reject').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('button', { name: 'Fulfil', exact: true }).click();
    expect(await dialogViolations('Deliver', `Deliver ${order.number}`), 'deliver').toEqual([]);
    await page
      .getByRole('dialog', { name: `Deliver ${order.number}` })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    expect(await dialogViolations('Record a payment', 'Record a payment'), 'record a payment').toEqual([]);
  });
}
