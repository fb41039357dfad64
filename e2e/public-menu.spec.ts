import { expect, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { waitForServiceWorkerControl } from './support/offline-app';
import { openSharedMenu } from './support/shared-menu';

const SAVED_COPY_NOTICE = /No connection: showing the copy saved on this device on/;

test.describe('the sample menu, with no login', () => {
  test('shows the seller, filters by category and sorts', async ({ page }) => {
    await openSharedMenu(page, 'sample');
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await expect(page.getByText('Great Lakes Cultivation Co.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
    // The demo products have no photos: each shows its category's artwork, never a letter tile.
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(12);
    for (const card of await cards.all()) await expect(card.locator('[data-category-art] svg')).toBeVisible();
    await expect(page.locator('[data-category-art="vape"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Vape' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Strawberry Cough 1 g Cartridge']);
    await page.getByRole('button', { name: 'All' }).click();

    await page.getByLabel('Sort by').selectOption('price-high');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Gelato #41');
    await expect(page.getByText('Out of stock')).toBeVisible();
  });

  test('an unknown link says Menu Not Found', async ({ page }) => {
    await page.goto('/menu/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Menu Not Found' })).toBeVisible();
    await expect(page.getByText("The menu you're looking for doesn't exist or may have been removed.")).toBeVisible();
  });
});

test.describe('the sample menu on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('shows a compact list this device remembers, and a product in full on tap', async ({ page }) => {
    await openSharedMenu(page, 'sample');
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('listitem')).toHaveCount(12);
    const cardsHeight = (await products.boundingBox())!.height;

    await page.getByRole('group', { name: 'Show products as' }).getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();
    await expect(products.getByRole('listitem')).toHaveCount(12);
    // Cards take about a screen each; the list shows several products a screen.
    const listHeight = (await products.boundingBox())!.height;
    expect(listHeight * 4).toBeLessThan(cardsHeight);
    expect(listHeight / 12).toBeLessThan(740 / 6);

    await page.reload();
    await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();

    await products.getByRole('button', { name: 'Details of Gelato #41' }).click();
    const sheet = page.getByRole('dialog', { name: 'Gelato #41' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Min. order');
    await expect(sheet).toContainText(/\$[\d,]+\.\d{2}/);
    await expect(sheet.getByRole('button', { name: 'Request More Info' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Cards' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
  });
});

test.describe('a public menu opened once', () => {
  test('reopens with no network, saying the copy is from this device and when it was saved', async ({ page, context }) => {
    await page.goto('/menu/sample');
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);

    await goOffline(context);
    // Later that day, on the trade-show floor.
    await page.clock.setFixedTime(Date.now() + 3 * 60 * 60 * 1000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByText(SAVED_COPY_NOTICE)).toBeVisible();
    await page.getByRole('button', { name: 'Flower' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4);
    await goOnline(context);
  });

  test('reopened with no network a moment after, still says the copy is from this device, however fresh', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await openSharedMenu(page, 'sample');
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
    // Answered by the network: nothing to say.
    await expect(page.getByText(SAVED_COPY_NOTICE)).toHaveCount(0);

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByText(SAVED_COPY_NOTICE)).toBeVisible();
    await goOnline(context);
  });
});
