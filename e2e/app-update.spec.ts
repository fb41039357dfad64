/**
 * A new version deployed while the app is open: the app offers it, and
 * 'Reload' brings the page under the new service worker instead of staying on
 * 'Reloading…', with a change waiting to sync (which survives the update and
 * then reaches the server, once) and with a shared menu's live stream open.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, registerAccountAt, serverProducts } from './support/api';
import { test as base, expect, signIn } from './support/fixtures';
import { addProduct, expectAllSynced, openProducts, pendingCount, productCard, waitForServiceWorkerControl } from './support/offline-app';
import { ownServer } from './support/own-server';
import { goOffline, goOnline } from './support/network';

const NEXT_BUILD = 'next';

/**
 * Deploys a new version into the served folder, as a build would: a changed
 * index.html (marked, so the test can tell which version drew the page) and a
 * service worker whose precache lists it under a new revision.
 */
function deployNewVersion(appDir: string): void {
  const indexFile = join(appDir, 'index.html');
  writeFileSync(indexFile, readFileSync(indexFile, 'utf8').replace('<head>', `<head><meta name="app-build" content="${NEXT_BUILD}">`));
  const workerFile = join(appDir, 'sw.js');
  const worker = readFileSync(workerFile, 'utf8');
  const revised = worker.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, `$1${NEXT_BUILD}"`);
  if (revised === worker) throw new Error('The service worker no longer lists index.html the way this test expects');
  writeFileSync(workerFile, revised);
}

/** A server of the test's own, serving a copy of the built app that the test replaces with a new version. */
type OwnApp = { url: string; deployNewVersion(): void };

const test = base.extend<{ ownApp: OwnApp }>({
  ownApp: async ({ context }, use) => {
    const appDir = mkdtempSync(join(tmpdir(), 'menus-e2e-app-'));
    cpSync('dist/app', appDir, { recursive: true });
    const server = await ownServer({ APP_DIR: appDir });
    try {
      await server.start();
      await use({ url: server.url, deployNewVersion: () => deployNewVersion(appDir) });
    } finally {
      // The pages go first: a shared menu's open stream would hold the server's graceful stop for its whole grace period.
      await Promise.all(context.pages().map((open) => open.close()));
      await server.dispose();
      rmSync(appDir, { recursive: true, force: true });
    }
  },
});

/** The build the page was drawn from: the deployed version's marker, null for the first one (undefined mid-reload). */
const pageBuild = (page: Page) => page.evaluate(() => document.querySelector('meta[name="app-build"]')?.getAttribute('content') ?? null).catch(() => undefined);

/** The app looks for a new version hourly; the test does not wait an hour. */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
}

/** Accepts the offered version and expects the page back under the new worker within seconds, not stuck on 'Reloading…'. */
async function reloadIntoNewVersion(page: Page): Promise<void> {
  await expect(page.getByText('A new version is available.')).toBeVisible();
  expect(await pageBuild(page)).toBeNull();
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  // Only the new worker holds the marked page.
  await expect.poll(() => pageBuild(page), { timeout: 10_000 }).toBe(NEXT_BUILD);
  await expect(page.getByText('A new version is available.')).toHaveCount(0);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { controlled: Boolean(navigator.serviceWorker.controller), waiting: Boolean(registration?.waiting) };
    }),
  ).toEqual({ controlled: true, waiting: false });
}

/**
 * The visit that installed the first worker: it takes the page over (clientsClaim) without a reload. The app registers
 * it once the page is idle and it then caches the whole app, which a shared machine may take a while over.
 */
async function waitForFirstWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 60_000 }).toBe(true);
}

/** A page loaded through the worker, as most visits are, and the first visit, which the worker took over as it ran. */
const startingPoints = [
  { where: 'on a page the service worker drew', takeControl: waitForServiceWorkerControl },
  { where: 'on the visit that installed the service worker', takeControl: waitForFirstWorker },
];

test.describe('app update', () => {
  // A server start and a service worker installed twice: generous, since the machines that run this are shared.
  test.describe.configure({ timeout: 180_000 });

  for (const { where, takeControl } of startingPoints) {
    test(`Reload brings the new version, and the change waiting reaches the server once after it, ${where}`, async ({ page, context, ownApp }) => {
      const seller = await registerAccountAt(ownApp.url, 'seller');
      await signIn(page, seller, ownApp.url);
      await takeControl(page);
      await expectAllSynced(page);
      await openProducts(page);

      await goOffline(context);
      await addProduct(page, { name: 'Update Kush', price: '22' });
      await expect(pendingCount(page)).toHaveText('1');

      // The server refuses pushes meanwhile, so the change still waits when the update comes, and sync keeps retrying.
      let refusedPushes = 0;
      await page.route('**/api/sync/push', (route) => {
        refusedPushes += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Down for the update' }) });
      });
      ownApp.deployNewVersion();
      await goOnline(context);
      await expect.poll(() => refusedPushes).toBeGreaterThan(0);
      await expect(pendingCount(page)).toHaveText('1');

      await checkForUpdate(page);
      await reloadIntoNewVersion(page);

      // The change made before the update is still on the device, still waiting.
      await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
      await expect(productCard(page, 'Update Kush')).toBeVisible();
      await expect(pendingCount(page)).toHaveText('1');

      // The server answers again: the change goes by itself, once.
      await page.unroute('**/api/sync/push');
      await expectAllSynced(page, 30_000);
      const session = await apiLogin(seller, ownApp.url);
      expect((await serverProducts(session, ownApp.url)).map((product) => product.strainName)).toEqual(['Update Kush']);
      await expect(productCard(page, 'Update Kush')).toHaveCount(1);
    });
  }

  test('Reload brings the new version on a shared menu whose live stream is open', async ({ page, ownApp }) => {
    await page.goto(`${ownApp.url}/menu/sample`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Drawn by the worker this time, and holding the stream that follows the seller's stock.
    const liveStream = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/events'));
    await page.reload();
    await liveStream;
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();

    ownApp.deployNewVersion();
    await checkForUpdate(page);
    await reloadIntoNewVersion(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Fall Wholesale Menu' })).toBeVisible();
  });
});
