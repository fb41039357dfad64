/**
 * Push notifications in a real browser (docs/product-rules.md's Push notifications): a seller turns them on in Account
 * settings, the subscription reaches the server, a buyer's order makes the server push to the seller's push service,
 * the service worker shows that push and a click on it opens the order's page; the app badge counts the order.
 *
 * Headless Chromium cannot reach a browser push service (and the tests never reach the internet), so the page's
 * PushManager hands out a subscription at a local stand-in for one, with keys the stand-in holds: what the server
 * sends there is decrypted and checked, then handed to the service worker as the browser would (DevTools' push
 * delivery). This file runs its own server, which trusts the stand-in's certificate and lists it as a push service.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../api/testing/push-stand-in';
import { apiLogin, registerAccountAt, type ApiSession } from './support/api';
import { expect, signIn, logOut, test } from './support/fixtures';
import { waitForServiceWorkerControl } from './support/offline-app';
import { ownServer, type OwnServer } from './support/own-server';
import { expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

let standIn: PushStandIn;
let server: OwnServer;

test.beforeAll(async () => {
  standIn = await startPushStandIn();
  server = await ownServer({ PUSH_SERVICE_ORIGINS: standIn.origin, NODE_EXTRA_CA_CERTS: standIn.caCertPath });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await standIn?.close();
});

async function post<T>(path: string, session: ApiSession, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * PushManager as a browser with a reachable push service has it: `subscribe` gives the stand-in's subscription (kept
 * across reloads, as the browser keeps one), `unsubscribe` drops it. The app badge's values, and requests to keep
 * storage, are recorded for the test.
 */
async function stubPushService(context: BrowserContext, subscription: StandInSubscription): Promise<void> {
  await context.addInitScript((given) => {
    const KEY = 'test-push-subscription';
    const made = (applicationServerKey: ArrayBuffer | null) => ({
      endpoint: given.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const keyOf = (key: BufferSource | string | null | undefined): ArrayBuffer | null =>
      key instanceof ArrayBuffer ? key : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer : null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = keyOf(options?.applicationServerKey);
      localStorage.setItem(KEY, JSON.stringify(key ? [...new Uint8Array(key)] : null));
      return made(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      if (stored === null) return null;
      const bytes = JSON.parse(stored) as number[] | null;
      return made(bytes ? new Uint8Array(bytes).buffer : null) as unknown as PushSubscription;
    };
    const badges: number[] = [];
    Object.assign(window, { testBadges: badges });
    Navigator.prototype.setAppBadge = async (count?: number) => void badges.push(count ?? 0);
    Navigator.prototype.clearAppBadge = async () => void badges.push(0);
    const persistRequests: boolean[] = [];
    Object.assign(window, { testPersistRequests: persistRequests });
    StorageManager.prototype.persist = async () => {
      persistRequests.push(true);
      return true;
    };
  }, subscription);
}

/** Hands the service worker a push, as the browser does when its push service delivers one. */
async function deliverPush(page: Page, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations.filter((registration) => !registration.isDeleted)));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: registrations[0]!.registrationId, data: JSON.stringify(payload) });
  await cdp.detach();
}

/** A seller with one product on a public menu. */
async function sellerWithMenu() {
  const seller = await registerAccountAt(server.url, 'seller');
  const session = await apiLogin(seller, server.url);
  const product = await post<{ id: string }>('/api/products', session, {
    strainName: 'Blue Dream',
    category: 'flower',
    unitType: 'oz',
    pricePerUnit: '12.50',
    availableQuantity: '50',
    lotSize: 1,
  });
  const menu = await post<{ id: string; publicLinkId: string }>('/api/menus', session, { name: 'Show List', isPublic: true, productIds: [product.id] });
  return { seller, product, menu };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data })));

test('a seller turns notifications on; a new order is pushed, shown, and opens its page on a click', async ({ page, context }) => {
  test.setTimeout(180_000);
  const subscription = standIn.subscribe();
  await context.grantPermissions(['notifications'], { origin: server.url });
  await stubPushService(context, subscription);

  const { seller, product, menu } = await sellerWithMenu();

  await signIn(page, seller, server.url);
  await waitForServiceWorkerControl(page);
  await page.goto(`${server.url}/profile/account`);
  const push = page.getByRole('heading', { name: 'Push notifications' }).locator('..');
  await push.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(push.getByRole('status')).toHaveText('Notifications are on for this device.');
  await expect(push.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await expect(push.getByRole('checkbox', { name: 'A new order arrives' })).toBeChecked();
  await expect(push.getByRole('checkbox', { name: 'A change to an order awaits your approval' })).toHaveCount(0);
  await expect(page.getByText(/^Storage: /)).toBeVisible();

  // The buyer's order: the server pushes it to the subscription it was given, signed with its own key.
  const buyer = await apiLogin(await registerAccountAt(server.url, 'buyer'), server.url);
  const order = await post<{ id: string; number: string }>('/api/orders', buyer, { id: randomUUID(), menuId: menu.id, lines: [{ productId: product.id, quantity: '2' }] });
  await expect.poll(() => standIn.received.filter((received) => received.endpoint === subscription.endpoint).length, { timeout: 20_000 }).toBe(1);
  const [received] = standIn.received.filter((candidate) => candidate.endpoint === subscription.endpoint);
  const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
  expect(received!.vapidKey).toBe(publicKey);
  expect(received!.message).toMatchObject({ url: `/orders/${order.id}`, badgeCount: 1 });
  const message = received!.message as { title: string; body: string; tag: string };

  await deliverPush(page, received!.message);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: `/orders/${order.id}` } }]);
  // The push has the open window sync: the order arrives in the replica and the app badge counts it.
  await expect.poll(() => page.evaluate(() => (window as unknown as { testBadges: number[] }).testBadges.at(-1)), { timeout: 20_000 }).toBe(1);

  // A click on it (no real notification can be clicked headless: the worker gets the event it would get) opens the order in this window.
  await page.goto(`${server.url}/seller/dashboard`);
  const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(server.url));
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope & { NotificationEvent: typeof NotificationEvent };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(`${server.url}/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // Turned off: the server is told, and the browser gives the subscription up.
  await page.goto(`${server.url}/profile/account`);
  await push.getByRole('button', { name: 'Turn off' }).click();
  await expect(push.getByRole('status')).toHaveText('Notifications are off for this device.');
  await expect(push.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
});

test('a buyer is offered notifications once, after saving a first menu, and signing out gives the subscription up', async ({ page, context }) => {
  test.setTimeout(180_000);
  await stubPushService(context, standIn.subscribe());
  const { menu } = await sellerWithMenu();
  const buyer = await registerAccountAt(server.url, 'buyer');
  await signIn(page, buyer, server.url);
  await waitForServiceWorkerControl(page);
  const suggestion = page.getByRole('region', { name: 'Get notified' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(suggestion).toHaveCount(0);

  await page.goto(`${server.url}/menu/${menu.publicLinkId}`);
  await page.getByRole('button', { name: 'Save Menu' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  // A saved menu is kept for offline: the browser is asked to keep the app's storage.
  await expect.poll(() => page.evaluate(() => (window as unknown as { testPersistRequests: boolean[] }).testPersistRequests.length)).toBe(1);

  await page.goto(`${server.url}/saved-menus`);
  await expect(suggestion).toBeVisible();
  // Allowed only now, as the person would allow it in the prompt their tap opens.
  await context.grantPermissions(['notifications'], { origin: server.url });
  const subscribed = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST');
  await suggestion.getByRole('button', { name: 'Turn on notifications' }).click();
  expect((await subscribed).status()).toBe(201);
  await expect(suggestion).toHaveCount(0);
  await expectToastShown(page, 'Notifications are on for this device.');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(suggestion).toHaveCount(0);

  // The next person on this device must get none of this one's news.
  const dropped = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE');
  await logOut(page);
  expect((await dropped).status()).toBe(204);
  // Signing out reloads the page: the fresh landing page, then the browser's subscription.
  await expect(page.getByRole('button', { name: 'Start Free Trial' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('test-push-subscription'))).toBeNull();
});

test('with no push service answering, turning notifications on gives up, says why and what to try, and can be tried again', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['notifications'], { origin: server.url });
  await context.addInitScript(() => {
    // The app waits this long for the push service instead of its usual 15 s, so the test need not.
    Object.assign(window, { pushSubscribeTimeoutMs: 1_000 });
    const attempts: number[] = [];
    Object.assign(window, { testSubscribeAttempts: attempts });
    PushManager.prototype.subscribe = () => {
      attempts.push(1);
      return new Promise<PushSubscription>(() => undefined);
    };
    PushManager.prototype.getSubscription = async () => null;
  });
  const posted: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/push/subscriptions') && posted.push(request.method()));
  const seller = await registerAccountAt(server.url, 'seller');
  await signIn(page, seller, server.url);
  await waitForServiceWorkerControl(page);
  await page.goto(`${server.url}/profile/account`);
  const push = page.getByRole('heading', { name: 'Push notifications' }).locator('..');
  const turnOn = push.getByRole('button', { name: 'Turn on notifications' });

  await turnOn.click();
  await expect(push.getByRole('alert')).toHaveText(
    /^This device could not be subscribed to notifications: the browser's push service did not answer\. Check this device's internet connection and try again later\./,
  );
  await expect(turnOn).toBeEnabled();
  await expect(push.getByText('Notifications are on for this device.')).toHaveCount(0);
  await expect(push.getByText('This device shows notifications.')).toHaveCount(0);
  await expect(push.getByRole('button', { name: 'Turn off' })).toHaveCount(0);

  // Tried again: the browser is asked again and the answer is the same, never "on".
  await turnOn.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { testSubscribeAttempts: number[] }).testSubscribeAttempts.length)).toBe(2);
  await expect(push.getByRole('alert')).toContainText('could not be subscribed');
  await expect(turnOn).toBeEnabled();
  expect(posted).toEqual([]);
});
