/**
 * Offline-first sync in a real browser (the guarantees of sync/README.md):
 * changes made with no network are kept on the device across reloads and reach
 * the server by themselves; refusals are shown and undone; a server that dies
 * mid-push loses and doubles nothing; and one person's data stays theirs on a
 * shared device.
 */
import type { Page } from '@playwright/test';
import { apiDelete, apiLogin, registerAccountAt, serverMenus, serverProducts } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test, logOut } from './support/fixtures';
import { addProduct, editProductPrice, expectAllSynced, openMenus, openProducts, pendingCount, productCard, syncStatus, waitForServiceWorkerControl } from './support/offline-app';
import { ownServer } from './support/own-server';
import { goOffline, goOnline } from './support/network';

/** The card of a product or menu on its list page, found by its heading. */
const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The names of this device's replica databases in IndexedDB. */
const replicaDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? '').filter((name) => name.startsWith('replica-')));

test.describe('offline-first sync', () => {
  test('changes made offline survive a reload and reach the server with no action', async ({ page, context, browser }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await waitForServiceWorkerControl(page);
    await expectAllSynced(page);

    await goOffline(context);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: everything is saved on this device');
    await openProducts(page);
    await addProduct(page, { name: 'Offline Kush', price: '20' });
    await addProduct(page, { name: 'Airplane Haze', price: '15.5' });
    await editProductPrice(page, 'Offline Kush', '31.5');
    await expect(cardOf(page, 'Offline Kush')).toContainText('$31.50 / oz');

    await openMenus(page);
    await page.getByRole('link', { name: 'Create Menu' }).click();
    await page.getByLabel('Menu name').fill('Offline Specials');
    await page.getByLabel('Description').fill('Put together with no signal');
    await page.getByRole('button', { name: /^Offline Kush/ }).click();
    await page.getByRole('button', { name: /^Airplane Haze/ }).click();
    await page.getByRole('button', { name: 'Save Menu' }).click();
    await expect(page.getByRole('button', { name: 'Update Menu' })).toBeVisible();
    // The id is made on the device, so the menu has its final address at once.
    const menuId = /\/menu-builder\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    expect(menuId).toBeTruthy();
    await expect(pendingCount(page)).toHaveText('4');
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: 4 changes will sync when you are back online');

    // Reloading with no network: the service worker serves the app, IndexedDB the data and the waiting changes.
    await openMenus(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible();
    await expect(cardOf(page, 'Offline Specials')).toContainText('2 items');
    await expect(pendingCount(page)).toHaveText('4');
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: 4 changes will sync when you are back online');
    await openProducts(page);
    await expect(cardOf(page, 'Offline Kush')).toContainText('$31.50 / oz');
    await expect(cardOf(page, 'Airplane Haze')).toContainText('$15.50 / oz');

    // Back online, and nothing else: the queue drains by itself.
    await goOnline(context);
    await expectAllSynced(page, 15_000);
    await syncStatus(page).click();
    const popover = page.getByRole('dialog');
    await expect(popover.getByTestId('pending-detail')).toHaveText('0 changes');
    await expect(popover).not.toContainText('Not yet');
    await page.keyboard.press('Escape');

    const session = await apiLogin(seller);
    const products = await serverProducts(session);
    expect(products.map((product) => [product.strainName, product.pricePerUnit]).sort()).toEqual([
      ['Airplane Haze', '15.50'],
      ['Offline Kush', '31.50'],
    ]);
    const idOf = new Map(products.map((product) => [product.strainName, product.id]));
    const menus = await serverMenus(session);
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ id: menuId, name: 'Offline Specials', productIds: [idOf.get('Offline Kush'), idOf.get('Airplane Haze')] });

    // Another device of the same seller gets it all from the server.
    const otherDevice = await browser.newContext({ baseURL: baseUrl() });
    try {
      const other = await otherDevice.newPage();
      await signIn(other, seller);
      await expectAllSynced(other);
      await openProducts(other);
      await expect(cardOf(other, 'Offline Kush')).toContainText('$31.50 / oz');
      await expect(cardOf(other, 'Airplane Haze')).toContainText('$15.50 / oz');
      await openMenus(other);
      await expect(cardOf(other, 'Offline Specials')).toContainText('2 items');
    } finally {
      await otherDevice.close();
    }
  });

  test('a change the server refuses is shown with its reason and leaves no trace', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await openProducts(page);
    await addProduct(page, { name: 'Doomed Diesel', price: '12' });
    await expectAllSynced(page);
    const session = await apiLogin(seller);
    const [doomed] = await serverProducts(session);
    expect(doomed?.strainName).toBe('Doomed Diesel');

    await goOffline(context);
    await editProductPrice(page, 'Doomed Diesel', '99');
    await expect(cardOf(page, 'Doomed Diesel')).toContainText('$99.00 / oz');
    // Queued behind the change that will be refused: it must not be held back.
    await addProduct(page, { name: 'Queued After', price: '8' });
    await expect(pendingCount(page)).toHaveText('2');
    // Meanwhile the product is deleted elsewhere, so the server will refuse the edit.
    await apiDelete(`/api/products/${doomed!.id}`, session);

    await goOnline(context);
    await expect(syncStatus(page)).toHaveAccessibleName('Sync status: 1 change was refused', { timeout: 15_000 });
    await expect(pendingCount(page)).toHaveCount(0);
    await expect(productCard(page, 'Doomed Diesel')).toHaveCount(0);
    await expect(productCard(page, 'Queued After')).toBeVisible();

    await syncStatus(page).click();
    const popover = page.getByRole('dialog');
    await expect(popover.getByRole('status')).toHaveText('1 change was refused');
    await expect(popover.getByText('Changes that could not be saved')).toBeVisible();
    const refusal = popover.getByRole('listitem');
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toContainText('Product edit');
    await expect(refusal.getByTestId('refusal-reason')).toHaveText('Product not found');
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);
    await expect(popover.getByRole('status')).toHaveText('All changes synced');
    await page.keyboard.press('Escape');
    await expectAllSynced(page);

    expect((await serverProducts(session)).map((product) => product.strainName)).toEqual(['Queued After']);
    // No trace after a reload either: the product stays gone, the dismissed refusal does not come back.
    await page.reload();
    await expect(productCard(page, 'Queued After')).toBeVisible();
    await expect(productCard(page, 'Doomed Diesel')).toHaveCount(0);
    await expectAllSynced(page);
  });

  test.describe('with a server of its own', () => {
    // The push is intercepted with page.route, which a service worker in between would hide.
    test.use({ serviceWorkers: 'block' });

    test('the server stopped mid-push loses nothing and doubles nothing', async ({ page, context }) => {
      // Two server starts and twenty products: generous, since the machines that run this are shared.
      test.setTimeout(180_000);
      const server = await ownServer();
      try {
        await server.start();
        const seller = await registerAccountAt(server.url, 'seller');
        await page.goto(`${server.url}/?auth=signin`);
        const signInDialog = page.getByRole('dialog', { name: 'Sign in' });
        await signInDialog.getByLabel('Email').fill(seller.email);
        await signInDialog.getByLabel('Password', { exact: true }).fill(seller.password);
        await signInDialog.getByRole('button', { name: 'Sign In' }).click();
        await expect(page).toHaveURL(/\/seller\/dashboard$/);
        await expectAllSynced(page);
        await openProducts(page);

        const names = Array.from({ length: 20 }, (_, index) => `Batch ${String(index + 1).padStart(2, '0')}`);
        await goOffline(context);
        for (const name of names.slice(0, 12)) await addProduct(page, { name, price: '10' });
        await expect(pendingCount(page)).toHaveText('12');

        // The first push reaches the server and commits; the server dies before its answer gets back.
        let pushesSeenByServer = 0;
        let firstPushStatus = 0;
        let firstPushBody = '';
        await page.route('**/api/sync/push', async (route) => {
          if (pushesSeenByServer > 0) return route.continue();
          pushesSeenByServer += 1;
          const response = await route.fetch();
          // The body first: the test goes on as soon as it sees the status.
          firstPushBody = await response.text();
          firstPushStatus = response.status();
          await server.kill();
          await route.abort('connectionreset');
        });
        await goOnline(context);
        await expect.poll(() => firstPushStatus, { timeout: 15_000 }).toBe(200);
        expect(JSON.parse(firstPushBody)).toMatchObject({ lastProcessedSeq: 12 });

        // The device does not know: it keeps every change, says the server cannot be reached, and retries by itself.
        await expect(syncStatus(page)).toHaveAccessibleName('Sync status: Offline: the server cannot be reached; 12 changes will sync when it answers');
        await expect(pendingCount(page)).toHaveText('12');
        await syncStatus(page).click();
        await expect(page.getByRole('dialog')).toContainText('Retrying automatically.');
        await page.keyboard.press('Escape');

        // More work while the server is down: these never reached it.
        for (const name of names.slice(12)) await addProduct(page, { name, price: '10' });
        await expect(pendingCount(page)).toHaveText('20');

        await server.start();
        // No action: the backoff timer (1 s, doubling, with jitter) or the reachability probe brings the retry.
        await expect(pendingCount(page)).toHaveCount(0, { timeout: 40_000 });
        await expectAllSynced(page);

        const session = await apiLogin(seller, server.url);
        const onServer = (await serverProducts(session, server.url)).map((product) => product.strainName);
        expect(onServer).toHaveLength(20);
        expect(new Set(onServer).size).toBe(20);
        expect([...onServer].sort()).toEqual(names);
        for (const name of names) await expect(productCard(page, name)).toHaveCount(1);
      } finally {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await server.dispose();
      }
    });
  });

  test('signing out with unsynced changes warns first', async ({ page, context }) => {
    const seller = await registerAccount('seller');
    await signIn(page, seller);
    await openProducts(page);
    await expectAllSynced(page);

    await goOffline(context);
    await addProduct(page, { name: 'Unsent Sativa', price: '25' });
    await expect(pendingCount(page)).toHaveText('1');

    await logOut(page);
    const warning = page.getByRole('alertdialog', { name: 'Sign out anyway?' });
    await expect(warning).toContainText('1 change has not reached the server yet.');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    // Dismissed: still signed in, the change still waits.
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('link', { name: /^Profile:/ })).toBeVisible();
    await expect(productCard(page, 'Unsent Sativa')).toBeVisible();
    await expect(pendingCount(page)).toHaveText('1');

    // Once it has reached the server, signing out asks nothing.
    await goOnline(context);
    await expectAllSynced(page, 15_000);
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /^Profile:/ })).toHaveCount(0);
    expect((await serverProducts(await apiLogin(seller))).map((product) => product.strainName)).toEqual(['Unsent Sativa']);
  });

  test("another user on this device never sees the previous user's data", async ({ page, context }) => {
    // Three sign-ins, the worker's install and four syncs: more than the default allows on a shared machine.
    test.setTimeout(180_000);
    const sellerA = await registerAccount('seller');
    const sellerB = await registerAccount('seller');
    const { userId: idA } = await apiLogin(sellerA);
    const { userId: idB } = await apiLogin(sellerB);

    await signIn(page, sellerA);
    await waitForServiceWorkerControl(page);
    await openProducts(page);
    await addProduct(page, { name: 'Private Stock A', price: '40' });
    await expectAllSynced(page);
    // A also leaves a change unsent: it stays on the device for A, and only for A.
    await goOffline(context);
    await addProduct(page, { name: 'Unsent Stock A', price: '41' });
    await expect(pendingCount(page)).toHaveText('1');
    await logOut(page);
    await page.getByRole('alertdialog', { name: 'Sign out anyway?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /^Profile:/ })).toHaveCount(0);
    // Signing out reloads the page, here from the service worker: the network returns once the fresh page is up, not mid-reload.
    await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
    await goOnline(context);

    await signIn(page, sellerB);
    await openProducts(page);
    // B's own data has downloaded (the page shows only then), and nothing waits to sync.
    await expect(page.getByText('No products yet.')).toBeVisible();
    await expectAllSynced(page);
    await expect(productCard(page, 'Private Stock A')).toHaveCount(0);
    await expect(productCard(page, 'Unsent Stock A')).toHaveCount(0);
    await openMenus(page);
    await expect(page.getByText('No menus yet.')).toBeVisible();
    expect(await serverProducts(await apiLogin(sellerB))).toEqual([]);
    await expect.poll(async () => (await replicaDatabases(page)).sort()).toEqual([`replica-${idA}`, `replica-${idB}`].sort());

    // B signs out with nothing waiting: B's replica is removed. A comes back and A's kept change is sent.
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    // Signing out reloads the page: wait for the fresh landing page before looking into its storage.
    await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
    await expect.poll(() => replicaDatabases(page).catch(() => null)).toEqual([`replica-${idA}`]);
    await signIn(page, sellerA);
    await openProducts(page);
    await expectAllSynced(page, 15_000);
    await expect(productCard(page, 'Private Stock A')).toBeVisible();
    await expect(productCard(page, 'Unsent Stock A')).toBeVisible();
    expect((await serverProducts(await apiLogin(sellerA))).map((product) => product.strainName).sort()).toEqual(['Private Stock A', 'Unsent Stock A']);
  });
});
