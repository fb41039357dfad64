/**
 * Sharing a menu at a booth: the QR code made on the device (offline too)
 * decodes to the menu's link and downloads as PNG and SVG; the printable
 * sheet lists every product with the link and its QR code.
 */
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { apiLogin } from './support/api';
import { baseUrl, DEMO_SELLER, expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { openMenus } from './support/offline-app';
import { openSharedMenu } from './support/shared-menu';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

// The decoder is put into the page as a script tag; a strict Content-Security-Policy would refuse it.
test.use({ bypassCSP: true });

/** Reads a QR code shown on the page as a camera would: rasterised, then decoded. */
async function decodeQr(qr: Locator): Promise<string | null> {
  await qr.page().addScriptTag({ path: 'node_modules/jsqr/dist/jsQR.js' });
  return qr.evaluate(async (svg) => {
    const side = 400;
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('width', String(side));
    copy.setAttribute('height', String(side));
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, side, side);
    const pixels = context.getImageData(0, 0, side, side);
    const decode = (window as unknown as { jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).jsQR;
    return decode(pixels.data, side, side)?.data ?? null;
  });
}

test.describe('sharing a menu', () => {
  test('the share dialog shows the link as a QR code, made offline, that decodes to the link and downloads as PNG and SVG', async ({ page, context, baseURL }) => {
    await signIn(page, DEMO_SELLER);
    await openMenus(page);
    await goOffline(context);

    await page.getByRole('button', { name: 'Share Fall Wholesale Menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Fall Wholesale Menu' });
    const link = `${baseURL}/menu/5a3b1e00-0000-4000-8000-000000000001`;
    await expect(dialog.getByTestId('share-link')).toHaveText(link);
    const qr = dialog.getByRole('img', { name: 'QR code for the link to Fall Wholesale Menu' });
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(240);
    expect(await decodeQr(qr)).toBe(link);

    const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('fall-wholesale-menu-qr.png');
    const pngBytes = await readFile((await png.path())!);
    expect([...pngBytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('fall-wholesale-menu-qr.svg');
    expect(await readFile((await svg.path())!, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><rect[^>]*\/><path d="M/);
    await goOnline(context);
  });

  test('the printable menu lists every product with the link and its QR code, in one or two columns, without its controls on paper', async ({ page, baseURL }) => {
    await page.goto('/menu/sample');
    await page.getByRole('link', { name: 'Print or save as PDF' }).click();
    await expect(page).toHaveURL(/\/menu\/sample\/print$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await expect(page.getByText('Great Lakes Cultivation Co.')).toBeVisible();

    const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await expect(products).toHaveCount(12);
    await expect(products.filter({ hasText: 'Blue Dream' })).toContainText('$1,450.00');
    await expect(products.filter({ hasText: 'Blue Dream' })).toContainText('THC 24.50%');
    await expect(products.filter({ hasText: 'Blue Dream' })).toContainText('Min. order: 1 lb');
    expect(await decodeQr(page.getByRole('img', { name: 'QR code for the link to Fall Wholesale Menu' }))).toBe(`${baseURL}/menu/sample`);

    const twoColumns = await products.nth(1).boundingBox();
    const first = await products.first().boundingBox();
    expect(twoColumns?.y).toBe(first?.y);
    await page.getByRole('button', { name: 'One column' }).click();
    await expect(page.getByRole('button', { name: 'One column' })).toHaveAttribute('aria-pressed', 'true');
    expect((await products.nth(1).boundingBox())!.y).toBeGreaterThan(first!.y);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(products).toHaveCount(12);
  });
});

const SAMPLE_PRODUCTS: Array<[string, string]> = [
  ['Blue Dream', '$1,450.00'],
  ['Gelato #41', '$1,800.00'],
  ['Sour Diesel', '$1,100.00'],
  ['Wedding Cake Smalls', '$750.00'],
  ['Pineapple Express Pre-Rolls', '$3.25'],
  ['Infused Mini Dogwalkers', '$9.50'],
  ['Live Resin Badder — GMO', '$9.00'],
  ['Cured Resin Shatter — OG Kush', '$6.50'],
  ['Watermelon Gummies 100 mg', '$7.75'],
  ['Dark Chocolate Bar 1:1', '$11.00'],
  ['Strawberry Cough 1 g Cartridge', '$12.00'],
  ['CBD Recovery Balm', '$14.50'],
];

test.describe('a shared menu drawn by the server', () => {
  test('reads whole with JavaScript turned off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/menu/sample');
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await expect(page.getByText('Great Lakes Cultivation Co.')).toBeVisible();
    await expect(page.getByTestId('seller-brand')).toContainText('License AU-G-C-000123');
    await expect(page.getByRole('img', { name: 'Great Lakes Cultivation Co. logo' })).toBeVisible();
    const cards = page.getByRole('listitem');
    await expect(cards).toHaveCount(SAMPLE_PRODUCTS.length);
    for (const [name, price] of SAMPLE_PRODUCTS) {
      await expect(cards.filter({ has: page.getByRole('heading', { name, exact: true }) })).toContainText(price);
    }
    await context.close();
  });

  test('filters and sorts with JavaScript turned off, through the address the app reads too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/menu/sample');
    await page.getByRole('button', { name: 'Edible', exact: true }).click();
    await expect(page).toHaveURL(/\/menu\/sample\?category=edible/);
    await expect(page.getByRole('button', { name: 'Edible', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Watermelon Gummies 100 mg', 'Dark Chocolate Bar 1:1']);
    await page.getByLabel('Sort by').selectOption('price-high');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Dark Chocolate Bar 1:1', 'Watermelon Gummies 100 mg']);
    await context.close();

    // The same address opened with JavaScript: the app takes over the drawn choice, and a new one replaces it in the address.
    const withApp = await browser.newPage({ baseURL });
    await openSharedMenu(withApp, 'sample?category=edible&sort=price-high');
    await expect(withApp.getByRole('heading', { level: 2 })).toHaveText(['Dark Chocolate Bar 1:1', 'Watermelon Gummies 100 mg']);
    await withApp.getByRole('button', { name: 'All', exact: true }).click();
    await expect(withApp.getByRole('heading', { level: 2 })).toHaveCount(SAMPLE_PRODUCTS.length);
    await expect(withApp).toHaveURL(/\/menu\/sample\?sort=price-high$/);
    await withApp.close();
  });

  test('the app takes the page over without a hydration mismatch, and its filters work', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Counts the server-drawn page being thrown away (the app drawing it again instead of taking it over).
    await page.addInitScript(() => {
      const state = window as unknown as { redrawn: number };
      state.redrawn = 0;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.removedNodes) if (node.nodeName === 'MAIN') state.redrawn += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await openSharedMenu(page, 'sample');
    await expect(page.getByText('12 products')).toBeVisible();
    // The filter answers once the app has taken over the server's markup.
    await page.getByRole('button', { name: 'Edible', exact: true }).click();
    await expect(page.getByText('2 products')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dark Chocolate Bar 1:1' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Blue Dream' })).toBeHidden();
    // The app reports a mismatch as an error.
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { redrawn: number }).redrawn)).toBe(0);
  });
});

test("a seller's brand, chosen in the profile, heads their public menu", async ({ page }) => {
  const account = await registerAccount('seller');
  const session = await apiLogin(account);
  const created = await fetch(`${baseUrl()}/api/menus`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ name: 'Harbor Menu' }),
  });
  const { publicLinkId } = (await created.json()) as { publicLinkId: string };

  await signIn(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Business name').fill('Harbor Farms');
  await page.getByLabel('License number').fill('LIC-9001');
  await page.getByLabel('Menu accent colour (#rrggbb)').fill('blue');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Accent colour must be a colour like #1d4ed8')).toBeVisible();
  await page.getByLabel('Menu accent colour (#rrggbb)').fill('#1d4ed8');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToastShown(page, 'Profile updated successfully');

  // The change reaches the server through the sync queue.
  await expect
    .poll(async () => ((await (await fetch(`${baseUrl()}/api/public/menu/${publicLinkId}`)).json()) as { seller: { accentColor: string | null } }).seller.accentColor)
    .toBe('#1d4ed8');
  await page.goto(`/menu/${publicLinkId}`);
  const brand = page.getByTestId('seller-brand');
  await expect(brand).toContainText('Harbor Farms');
  await expect(brand).toContainText('License LIC-9001');
  await expect(brand).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(brand).toHaveCSS('color', 'rgb(255, 255, 255)');
});
