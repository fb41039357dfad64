/**
 * Photos in a real browser (sync/README.md, Photos; property 7):
 * Chromium's fake camera stands in for the phone's rear camera. A photo taken
 * offline is compressed, kept on the device, shown at once, survives a reload,
 * and reaches the public menu by itself once the network is back. A photo
 * carrying a GPS position arrives without it, within 2048 px and 1 MB; the
 * gallery's order is what the menu shows; lab results attach like photos.
 */
import type { Page } from '@playwright/test';
import { readJpegInfo } from '../app/lib/photos/jpeg-metadata';
import { gpsExifSegment, insertAfterSoi } from '../app/lib/photos/jpeg-test-support';
import { apiLogin, type ApiSession } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { expectAllSynced, openProducts, pendingCount, syncStatus, waitForServiceWorkerControl } from './support/offline-app';
import { goOffline, goOnline } from './support/network';
import { onePagePdf } from './support/uploads';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera'],
});

type PublicProduct = { id: string; strainName: string; photoUrl: string | null; photoIds: string[]; photos: Array<{ id: string; url: string }>; labResultUrl: string | null };

const MIB = 1024 * 1024;

/** A menu made through the API, so the product dialog offers to add the product to it. */
async function createMenu(session: ApiSession, name: string): Promise<{ id: string; publicLinkId: string }> {
  const response = await fetch(`${baseUrl()}/api/menus`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; publicLinkId: string };
}

async function publicProducts(publicLinkId: string): Promise<PublicProduct[]> {
  const response = await fetch(`${baseUrl()}/api/public/menu/${publicLinkId}`, { headers: { 'Cache-Control': 'no-cache' } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { products: PublicProduct[] }).products;
}

/** The served file's bytes and type. */
async function served(url: string): Promise<{ type: string | null; bytes: Uint8Array }> {
  const response = await fetch(new URL(url, baseUrl()));
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A real JPEG drawn on a canvas in the page: gradients and shapes, so it is a realistic size. */
async function canvasJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#2f6b2f');
      gradient.addColorStop(1, '#d9c36a');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      for (let index = 0; index < 600; index += 1) {
        context.fillStyle = `hsl(${(index * 37) % 360} 60% 50% / 0.5)`;
        context.beginPath();
        context.arc((index * 131) % width, (index * 197) % height, 10 + (index % 60), 0, Math.PI * 2);
        context.fill();
      }
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { width, height },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Fills the Add Product dialog's main fields. */
async function fillProduct(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Strain Name *', { exact: true }).fill(name);
  await dialog.getByLabel('Price per unit ($)', { exact: true }).fill('25');
  await dialog.getByLabel('Available quantity', { exact: true }).fill('8');
  return dialog;
}

const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('product photos', () => {
  test('a photo taken offline with the camera is shown at once, survives a reload, and reaches the public menu by itself', async ({ page, context }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    const menu = await createMenu(await apiLogin(seller), 'Grow Room Fresh');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page);

    await goOffline(context);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: everything is saved on this device');
    await openProducts(page);
    const dialog = await fillProduct(page, 'Camera Kush');
    await dialog.getByLabel('Grow Room Fresh').check();

    await dialog.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(camera.getByLabel('Camera preview')).toBeVisible();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera.getByRole('img', { name: 'The photo you took' })).toBeVisible();
    await camera.getByRole('button', { name: 'Retake' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await camera.getByRole('button', { name: 'Use photo' }).click();
    await expect(camera).toBeHidden();

    const tile = dialog.getByTestId('gallery-photo');
    await expect(tile).toHaveCount(1);
    await expect(tile.getByRole('img', { name: 'Camera Kush, photo 1' })).toHaveAttribute('src', /^blob:/);
    await expect(tile).toContainText('Cover');
    await expect(tile).toContainText('Waiting to upload');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeHidden();

    // Shown at once, from the device's own copy.
    const card = cardOf(page, 'Camera Kush');
    await expect(card.getByRole('img', { name: 'Camera Kush' })).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('pending-photos-count')).toHaveText('↑1');
    await expect(pendingCount(page)).toHaveText('1');
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: 1 change and 1 photo will sync when you are back online');

    // A reload with no network: the product and the photo are still there, the photo still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(cardOf(page, 'Camera Kush').getByRole('img', { name: 'Camera Kush' })).toHaveAttribute('src', /^blob:/);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: 1 change and 1 photo will sync when you are back online');
    await syncStatus(page).click();
    await expect(page.getByTestId('pending-photos-detail')).toHaveText('1 photo');
    await page.keyboard.press('Escape');

    // Back online, and nothing else.
    await goOnline(context);
    await expectAllSynced(page, 30_000);
    await expect(page.getByTestId('pending-photos-count')).toHaveCount(0);
    await expect(cardOf(page, 'Camera Kush').getByRole('img', { name: 'Camera Kush' })).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{64}\.jpg$/);

    let product: PublicProduct | undefined;
    await expect
      .poll(async () => {
        product = (await publicProducts(menu.publicLinkId)).find((candidate) => candidate.strainName === 'Camera Kush');
        return product?.photos.length ?? 0;
      })
      .toBe(1);
    expect(product!.photoUrl).toBe(product!.photos[0]!.url);
    const file = await served(product!.photos[0]!.url);
    expect(file.type).toBe('image/jpeg');
    const info = readJpegInfo(file.bytes);
    expect(info).toMatchObject({ hasGps: false });
    expect(info!.width).toBeGreaterThan(0);
    expect(Math.max(info!.width, info!.height)).toBeLessThanOrEqual(2048);
    expect(file.bytes.length).toBeLessThanOrEqual(MIB);
  });

  test('photos from the library arrive without their GPS position, within 2048 px and 1 MB, in the order the seller put them', async ({ page }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount('seller');
    const menu = await createMenu(await apiLogin(seller), 'Library Picks');
    await signIn(page, seller);
    await expectAllSynced(page);

    // A 12-megapixel photo as a phone writes it, with the farm's position in its EXIF.
    const landscape = insertAfterSoi(await canvasJpeg(page, 4000, 3000), gpsExifSegment({ latitude: 40.7128, longitude: -74.006, orientation: 1 }));
    expect(readJpegInfo(landscape)).toMatchObject({ width: 4000, height: 3000, hasGps: true });
    const portrait = await canvasJpeg(page, 1000, 1500);

    await openProducts(page);
    const dialog = await fillProduct(page, 'Library Haze');
    await dialog.getByLabel('Library Picks').check();
    await dialog.getByLabel('Choose from library').setInputFiles([
      { name: 'farm.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(landscape) },
      { name: 'bud.jpg', mimeType: 'image/jpeg', buffer: portrait },
    ]);
    const tiles = dialog.getByTestId('gallery-photo');
    await expect(tiles).toHaveCount(2, { timeout: 20_000 });
    await expect(dialog.getByText('Preparing photo…')).toHaveCount(0);
    await expect(tiles.nth(0)).toContainText('Cover');

    // The portrait becomes the cover.
    await dialog.getByRole('button', { name: 'Move photo 2 left' }).click();
    await expect(dialog.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Move photo 2 right' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeHidden();
    await expectAllSynced(page, 30_000);

    let product: PublicProduct | undefined;
    await expect
      .poll(async () => {
        product = (await publicProducts(menu.publicLinkId)).find((candidate) => candidate.strainName === 'Library Haze');
        return product?.photos.length ?? 0;
      })
      .toBe(2);
    expect(product!.photoIds).toEqual(product!.photos.map((photo) => photo.id));
    await expect.poll(async () => (await publicProducts(menu.publicLinkId)).find((candidate) => candidate.id === product!.id)?.photoUrl).toBe(product!.photos[0]!.url);

    const cover = await served(product!.photos[0]!.url);
    expect(cover.type).toBe('image/jpeg');
    expect(readJpegInfo(cover.bytes)).toMatchObject({ width: 1000, height: 1500, hasGps: false });

    const big = await served(product!.photos[1]!.url);
    expect(big.type).toBe('image/jpeg');
    const info = readJpegInfo(big.bytes)!;
    expect(info.hasGps).toBe(false);
    expect(info.hasExif).toBe(false);
    expect(Math.max(info.width, info.height)).toBeLessThanOrEqual(2048);
    expect(Math.max(info.width, info.height)).toBeGreaterThan(1000);
    expect(info.width / info.height).toBeCloseTo(4 / 3, 1);
    expect(big.bytes.length).toBeLessThanOrEqual(MIB);
    expect(big.bytes.length).toBeLessThan(landscape.length);

    // The card shows the cover, from the server now.
    await expect(cardOf(page, 'Library Haze').getByRole('img', { name: 'Library Haze' })).toHaveAttribute('src', product!.photos[0]!.url);

    // An edit that removes a photo sends only the gallery.
    await page.getByRole('button', { name: 'Edit Library Haze', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByTestId('gallery-photo')).toHaveCount(2);
    await expect(edit.getByRole('img', { name: 'Library Haze, photo 2' })).toHaveAttribute('src', product!.photos[1]!.url);
    await edit.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(edit.getByRole('img', { name: 'Library Haze, photo 1' })).toHaveAttribute('src', product!.photos[1]!.url);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expectAllSynced(page, 30_000);
    await expect
      .poll(async () => (await publicProducts(menu.publicLinkId)).find((candidate) => candidate.id === product!.id)?.photos.map((photo) => photo.url))
      .toEqual([product!.photos[1]!.url]);
    await expect(cardOf(page, 'Library Haze').getByRole('img', { name: 'Library Haze' })).toHaveAttribute('src', product!.photos[1]!.url);
  });

  test('lab results: a PDF attaches like a photo, an oversized file is turned away on the device', async ({ page }) => {
    const seller = await registerAccount('seller');
    const menu = await createMenu(await apiLogin(seller), 'Tested Lots');
    await signIn(page, seller);
    await expectAllSynced(page);
    await openProducts(page);
    const dialog = await fillProduct(page, 'Certified OG');
    await dialog.getByLabel('Tested Lots').check();

    const oversized = Buffer.alloc(10 * MIB + 1, 0x20);
    oversized.write('%PDF-1.4\n');
    await dialog.getByLabel('Attach lab results').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: oversized });
    await expect(dialog.getByRole('alert')).toHaveText('Lab results must be 10 MB or smaller');

    const pdf = onePagePdf('Certified OG lab result');
    await dialog.getByLabel('Attach lab results').setInputFiles({ name: 'coa-first.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(dialog.getByTestId('lab-result')).toContainText('coa-first.pdf');
    await dialog.getByRole('button', { name: 'Remove lab results' }).click();
    await expect(dialog.getByTestId('lab-result')).toHaveCount(0);
    await dialog.getByLabel('Attach lab results').setInputFiles({ name: 'coa.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(dialog.getByTestId('lab-result')).toContainText('coa.pdf');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeHidden();
    await expectAllSynced(page, 30_000);

    let labResultUrl: string | null | undefined;
    await expect
      .poll(async () => {
        labResultUrl = (await publicProducts(menu.publicLinkId)).find((candidate) => candidate.strainName === 'Certified OG')?.labResultUrl;
        return labResultUrl ?? null;
      })
      .toMatch(/^\/uploads\/[0-9a-f]{64}\.pdf$/);
    const file = await served(labResultUrl!);
    expect(file.type).toBe('application/pdf');
    // Stored rewritten with its page alone (no scripts, actions or metadata): the page's content is the one sent.
    expect(Buffer.from(file.bytes).toString('latin1')).toContain('(Certified OG lab result) Tj');
  });
});
