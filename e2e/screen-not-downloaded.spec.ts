/**
 * A screen's code on a device no service worker serves yet (the visit that installs it): the page keeps the code of
 * every screen the person may open once it is quiet, and the sync status says when all of it is kept, so each screen
 * then opens offline. A screen whose code could not be kept says offline that a connection fixes it, and once back
 * online it does.
 */
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';

// No service worker: the app's code for each screen comes from the network, as before the worker has kept it.
test.use({ serviceWorkers: 'block' });

const ORDERS_BOARD_CODE = /\/assets\/orders-page-[\w-]+\.js$/;

test('once the sync status says every screen opens offline, they do, with no service worker yet', async ({ page, context }) => {
  await signIn(page, await registerAccount('seller'));
  await page.getByRole('button', { name: /^Sync status/ }).click();
  await expect(page.getByTestId('screens-on-device')).toHaveText('Ready: every screen opens offline');
  await page.keyboard.press('Escape');

  await goOffline(context);
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText('This screen is not on this device yet')).toHaveCount(0);
});

test('a screen whose code is not on the device says offline that it opens once back online, and then it does', async ({ page, context }) => {
  // The board's code never arrives while the device is online, as on a network that dropped it.
  await page.route(ORDERS_BOARD_CODE, (route) => route.abort());
  await signIn(page, await registerAccount('seller'));
  await page.getByRole('button', { name: /^Sync status/ }).click();
  await expect(page.getByTestId('screens-on-device')).toHaveText('Getting ready: stay online a moment');
  await page.keyboard.press('Escape');

  await goOffline(context);
  await page.unroute(ORDERS_BOARD_CODE);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  const crash = page.getByRole('alert');
  await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(crash).toContainText("We're sorry, but something unexpected happened.");
  await expect(crash).toContainText('This screen is not on this device yet: it opens once you are back online.');

  await goOnline(context);
  await crash.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
