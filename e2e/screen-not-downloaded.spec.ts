/**
 * A screen opened for the first time with no connection, on a device that has not kept the app's code for it (its
 * service worker not installed yet): the crash page says, besides its usual words, that a connection fixes it, and
 * once back online it does.
 */
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';

// No service worker: the app's code for each screen comes from the network, as before the worker has kept it.
test.use({ serviceWorkers: 'block' });

test('a screen whose code is not on the device says offline that it opens once back online, and then it does', async ({ page, context }) => {
  await signIn(page, await registerAccount('seller'));
  await goOffline(context);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Orders' }).click();
  const crash = page.getByRole('alert');
  await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(crash).toContainText("We're sorry, but something unexpected happened.");
  await expect(crash).toContainText('This screen is not on this device yet: it opens once you are back online.');

  await goOnline(context);
  await crash.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
