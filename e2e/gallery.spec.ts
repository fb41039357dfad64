/**
 * A product's gallery and lab result on the public menu, seen by a visitor
 * with no login: the cover on the card, the viewer with keyboard, buttons,
 * thumbnails and swipes, and the 'Lab results' link. On a desktop and on a
 * 390 px phone (where the swipe is a real touch).
 */
import type { Locator, Page } from '@playwright/test';
import { apiLogin, type ApiSession } from './support/api';
import { baseUrl, expect, registerAccount, test } from './support/fixtures';
import { openSharedMenu } from './support/shared-menu';
import { LAB_RESULT_PDF, solidPng, upload, type Uploaded } from './support/uploads';

async function post<T>(session: ApiSession, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const STRAIN = 'Sunset Sherbet';
let photos: Uploaded[] = [];
let labResult: Uploaded;
let publicLinkId = '';

test.beforeAll(async () => {
  const session = await apiLogin(await registerAccount('seller'));
  const colours: Array<[number, number, number]> = [
    [200, 40, 40],
    [40, 160, 60],
    [40, 80, 200],
  ];
  photos = [];
  for (const [index, colour] of colours.entries()) photos.push(await upload(session, solidPng(48, 36, colour), `photo-${index + 1}.png`, 'image/png', 'product'));
  labResult = await upload(session, LAB_RESULT_PDF, 'coa.pdf', 'application/pdf', 'lab-result');
  const product = await post<{ id: string; photoUrl: string | null }>(session, '/api/products', {
    strainName: STRAIN,
    category: 'flower',
    unitType: 'lb',
    pricePerUnit: '1200',
    thcPercentage: '24.5',
    cbdPercentage: '0.3',
    availableQuantity: '12',
    photoIds: photos.map((photo) => photo.id),
    labResultId: labResult.id,
  });
  expect(product.photoUrl).toBe(photos[0]!.url);
  const plain = await post<{ id: string }>(session, '/api/products', { strainName: 'Plain Jane', category: 'flower', unitType: 'lb', availableQuantity: '3' });
  const menu = await post<{ publicLinkId: string }>(session, '/api/menus', { name: 'Gallery Menu', isPublic: false, productIds: [product.id, plain.id] });
  publicLinkId = menu.publicLinkId;
});

/** The photo the viewer shows has loaded, and is the one expected. */
async function expectShowing(viewer: Locator, position: number) {
  await expect(viewer.getByText(`${position} of 3`, { exact: true })).toBeVisible();
  const image = viewer.getByRole('img', { name: `${STRAIN}, photo ${position} of 3` });
  await expect(image).toHaveAttribute('src', photos[position - 1]!.url);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(48);
}

/** A horizontal swipe across the photo: the mouse on a desktop, a real touch (through the DevTools protocol) on a phone. */
async function swipe(page: Page, stage: Locator, dx: number, touch: boolean) {
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  const startX = box.x + box.width / 2 - dx / 2;
  const steps = 6;
  if (!touch) {
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + dx, y + 4, { steps });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: startX, y }] });
  for (let step = 1; step <= steps; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: startX + (dx * step) / steps, y: y + step }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 }, touch: true },
]) {
  test(`a visitor with no login browses the gallery and opens the lab result, on ${device.name}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: device.viewport, hasTouch: device.touch, isMobile: device.touch });
    const page = await context.newPage();
    await openSharedMenu(page, publicLinkId, baseUrl());
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery Menu' })).toBeVisible();

    // The card shows the cover; the product without photos has no gallery to open.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: STRAIN }) });
    await expect(card.locator('img')).toHaveAttribute('src', photos[0]!.url);
    await expect(card.locator('img')).toHaveAttribute('alt', STRAIN);
    await expect(card.getByText('3 photos')).toBeVisible();
    await expect(page.getByRole('button', { name: /^View photos of Plain Jane/ })).toHaveCount(0);

    // The lab result sits with the THC and CBD figures and opens in a new tab.
    await expect(card.getByText('THC 24.50%')).toBeVisible();
    const lab = card.getByRole('link', { name: 'Lab results' });
    await expect(lab).toHaveAttribute('href', labResult.url);
    await expect(lab).toHaveAttribute('target', '_blank');
    await expect(lab).toHaveAttribute('rel', /\bnoopener\b/);
    const served = await page.request.get(labResult.url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');

    const opener = page.getByRole('button', { name: `View photos of ${STRAIN}, 3 photos` });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: STRAIN });
    await expect(viewer).toBeVisible();
    await expectShowing(viewer, 1);
    await expect(viewer.getByRole('button', { name: /^Show photo/ })).toHaveCount(3);

    // Keyboard.
    await page.keyboard.press('ArrowRight');
    await expectShowing(viewer, 2);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(viewer, 1);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(viewer, 3);

    // Buttons (the ends wrap round) and thumbnails.
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expectShowing(viewer, 1);
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expectShowing(viewer, 2);
    await viewer.getByRole('button', { name: 'Previous' }).click();
    await expectShowing(viewer, 1);
    await viewer.getByRole('button', { name: 'Show photo 3 of 3' }).click();
    await expectShowing(viewer, 3);
    await viewer.getByRole('button', { name: 'Show photo 2 of 3' }).click();
    await expectShowing(viewer, 2);

    // Swipes: towards the left is the next photo, towards the right the previous one; a short drag is nothing.
    const stage = viewer.getByTestId('gallery-stage');
    await swipe(page, stage, -160, device.touch);
    await expectShowing(viewer, 3);
    await swipe(page, stage, 160, device.touch);
    await expectShowing(viewer, 2);
    await swipe(page, stage, -30, device.touch);
    await expectShowing(viewer, 2);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    if (!device.touch) await expect(opener).toBeFocused();

    // Clicking the photo opens the viewer too, at the first photo.
    await card.locator('img').click();
    await expectShowing(page.getByRole('dialog', { name: STRAIN }), 1);
    await page.getByRole('dialog', { name: STRAIN }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Nothing spills sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
}

test('when the viewer cannot be downloaded, the menu says so and stays usable', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route(/\/assets\/gallery-viewer-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await openSharedMenu(page, publicLinkId, baseUrl());
  await page.getByRole('button', { name: `View photos of ${STRAIN}, 3 photos` }).click();
  const notice = page.getByRole('alert').filter({ hasText: "This couldn't be opened" });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: STRAIN })).toBeVisible();
  await context.close();
});
