/**
 * The app tells the truth about the network from what it observes: the words
 * for no network, for a network on which the server does not answer (the
 * browser still says online, and requests fail or are left hanging), and for
 * a server that answers with an error; in each case the change waits on the
 * device and goes by itself once requests succeed again, and a screen that
 * reads from the server says it cannot be reached instead of waiting.
 */
import { apiLogin, serverProducts } from './support/api';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { addProduct, expectAllSynced, openProducts, pendingCount, syncStatus } from './support/offline-app';

test.describe('what the app says about the network', () => {
  test('the browser says offline: Offline in the top bar and the sync status, and the change goes when it is back', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await expectAllSynced(page);
    await openProducts(page);

    await goOffline(context);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await addProduct(page, { name: 'No Signal Kush', price: '12' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: 1 change will sync when you are back online');
    await expect(syncStatus(page)).toContainText('Offline');

    await goOnline(context);
    await expectAllSynced(page, 15_000);
    await expect(syncStatus(page)).not.toContainText('Offline');
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => product.strainName)).toEqual(['No Signal Kush']);
  });

  test('online but the server does not answer: Offline, the server cannot be reached, and the change goes by itself when it answers', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await expectAllSynced(page);
    await openProducts(page);

    // The browser keeps saying online; every request to the server fails with no answer.
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await addProduct(page, { name: 'Dead Wifi Haze', price: '14' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: the server cannot be reached; 1 change will sync when it answers');
    await expect(syncStatus(page)).toContainText('Offline');
    await expect(pendingCount(page)).toHaveText('1');
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // Nobody touches anything: the app notices the server answers again and sends the change.
    await context.unrouteAll();
    await expectAllSynced(page, 25_000);
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => product.strainName)).toEqual(['Dead Wifi Haze']);
  });

  test('online but no request ever gets an answer: within 15 s the top bar says the server cannot be reached, Billing says so with Try again, and sync resumes by itself', async ({
    page,
  }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await expectAllSynced(page);
    await openProducts(page);

    // Trade-show Wi-Fi: connected, and every request to the server is left hanging with no answer.
    await page.route('**/api/**', () => undefined);
    await addProduct(page, { name: 'Hung Wifi Haze', price: '18' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: the server cannot be reached; 1 change will sync when it answers', { timeout: 15_000 });
    await expect(syncStatus(page)).toContainText('Offline');
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // A screen that reads from the server says why it has nothing new, with what the device knows, instead of a spinner.
    await page.getByTestId('trial-badge').click();
    await expect(page).toHaveURL(/\/billing$/);
    const unreachable = page.getByTestId('cannot-reach-server');
    await expect(unreachable).toContainText('Cannot reach the server');
    await expect(unreachable).toContainText('Last known on this device: Free trial: 14 days left');
    await expect(page.getByText('Loading your plan')).toHaveCount(0);
    await unreachable.getByRole('button', { name: 'Try again' }).click();
    await expect(unreachable).toContainText('Cannot reach the server');
    await expect(page.getByText('Loading your plan')).toHaveCount(0);

    // Requests get through again; nobody touches anything: the change goes and the plan loads.
    await page.unroute('**/api/**');
    await expectAllSynced(page, 25_000);
    await expect(page.getByTestId('billing-status')).toHaveText('Free trial');
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => product.strainName)).toEqual(['Hung Wifi Haze']);
  });

  test('the printable menu, when its request gets no answer, says the server could not be reached and opens with Try again once it answers', async ({ page }) => {
    await page.route('**/api/**', () => undefined);
    await page.goto('/menu/sample/print');
    await expect(page.getByRole('heading', { name: "Couldn't load this menu" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('The server could not be reached. Please try again in a moment.')).toBeVisible();

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
  });

  test('the server answers with an error: still Online, the server has a problem, and the change goes when it recovers', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await expectAllSynced(page);
    await openProducts(page);

    await context.route('**/api/sync/push', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }));
    await addProduct(page, { name: 'Busy Server OG', price: '16' });
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: The server is having a problem; 1 change will sync when it recovers');
    await expect(syncStatus(page)).toContainText('Online');

    await context.unrouteAll();
    await expectAllSynced(page, 25_000);
    const onServer = await serverProducts(await apiLogin(seller));
    expect(onServer.map((product) => product.strainName)).toEqual(['Busy Server OG']);
  });
});
