/**
 * axe in the states a screen walk does not reach: a product card with several
 * photos (on the public menu and on the seller's Products page), the
 * notifications and sync status popovers open, and an error toast shown. A
 * serious or critical violation fails.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, registerAccount, signIn, test, type Account } from './support/fixtures';
import { apiPost } from './support/marketplace';
import { goOffline, goOnline } from './support/network';
import { openSharedMenu } from './support/shared-menu';
import { addProduct, expectAllSynced, syncStatus } from './support/offline-app';
import { solidPng, upload } from './support/uploads';

const STRAIN = 'Rainbow Runtz';
let seller: Account;
let publicLinkId = '';

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
    const buyer = await registerAccount('buyer');
    await signIn(page, buyer);
    await page.goto('/profile');
    await page.getByLabel('Change photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Please select an image file');
    // Hovered, the toast stays while axe reads it.
    await toast.hover();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
