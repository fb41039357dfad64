/**
 * The signed-in top bar on a 360 px phone, in the states that make it
 * longest: offline with changes waiting, the server out of reach, a refused
 * change, the trial countdown. Nothing scrolls sideways, the profile menu's
 * avatar show whole, and the sync state reads in words, not as a dot alone.
 */
import type { Page } from '@playwright/test';
import { apiDelete, apiLogin, serverProducts } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { addProduct, editProductPrice, expectAllSynced, syncStatus } from './support/offline-app';

const PHONE_WIDTH = 360;

// No isMobile: a mobile viewport would zoom out to fit wide content and hide the very overflow this looks for.
test.use({ viewport: { width: PHONE_WIDTH, height: 740 }, hasTouch: true });

/** What the sync status shows in words (its accessible name is the whole sentence). */
const stateWords = (page: Page) => syncStatus(page).getByTestId('sync-state-words');

/** Whether the element lies inside the screen and shows all of its content (nothing cut by its own box). */
async function shownWhole(page: Page) {
  const element = page.getByRole('button', { name: /^Profile:/ });
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  const clipped = await element.evaluate((node) => node.scrollWidth > node.clientWidth);
  return { inside: box.x >= 0 && box.x + box.width <= PHONE_WIDTH, clipped };
}

async function expectTopBarFits(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE_WIDTH);
  const bar = await page.locator('header').evaluate((header) => header.scrollWidth - header.clientWidth);
  expect(bar, 'the top bar is wider than the screen').toBeLessThanOrEqual(0);
  expect(await shownWhole(page)).toEqual({ inside: true, clipped: false });
}

test.describe('the top bar on a 360 px phone', () => {
  test('offline with changes waiting, then with a refused change and the trial countdown: it fits and says the state in words', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await addProduct(page, { name: 'Doomed Diesel', price: '12' });
    await expectAllSynced(page);
    await expect(stateWords(page)).toHaveText('Online');
    // A new seller's trial counts down in the bar on a phone too.
    await expect(page.getByTestId('trial-badge')).toHaveText('Free trial: 14 days left');
    await expect(page.getByTestId('trial-badge')).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);

    await goOffline(context);
    await editProductPrice(page, 'Doomed Diesel', '99');
    await addProduct(page, { name: 'Queued Kush', price: '8' });
    await addProduct(page, { name: 'Queued Haze', price: '9' });
    await expect(stateWords(page)).toHaveText('Offline · 3 waiting');
    await expect(syncStatus(page)).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);

    // Deleted elsewhere meanwhile, so the server refuses the edit; the two new products go through.
    const session = await apiLogin(seller);
    const [doomed] = await serverProducts(session);
    await apiDelete(`/api/products/${doomed!.id}`, session);
    await goOnline(context);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: 1 change was refused', { timeout: 15_000 });
    await expect(stateWords(page)).toHaveText('Online · 1 refused');
    await expectTopBarFits(page);

    await goOffline(context);
    await addProduct(page, { name: 'Offline Again', price: '7' });
    await expect(stateWords(page)).toHaveText('Offline · 1 waiting · 1 refused');
    await expect(page.getByTestId('trial-badge')).toBeInViewport({ ratio: 1 });
    await expectTopBarFits(page);
  });

  test('the server out of reach while the browser says online: it fits and says Offline with what waits', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await page.goto('/products');
    await expectAllSynced(page);

    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await addProduct(page, { name: 'Dead Wifi Haze', price: '14' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: the server cannot be reached; 1 change will sync when it answers');
    await expect(stateWords(page)).toHaveText('Offline · 1 waiting');
    await expectTopBarFits(page);
    await context.unrouteAll();
  });
});
