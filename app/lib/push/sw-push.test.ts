/** The service worker's push handling (app/public/sw-push.js, a classic script), run with stand-ins for the worker's globals. */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://menus.example';
const source = readFileSync(new URL('../../public/sw-push.js', import.meta.url), 'utf8');

type FakeWindow = { url: string; focused: boolean; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn>; postMessage: ReturnType<typeof vi.fn> };

function fakeWindow(path: string, { focused = false, controlled = true, origin = ORIGIN } = {}): FakeWindow {
  const window: FakeWindow = {
    url: `${origin}${path}`,
    focused,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (url: string) => (controlled ? { ...window, url } : Promise.reject(new TypeError('Not controlled')))),
    postMessage: vi.fn(),
  };
  return window;
}

function worker({ windows = [] as FakeWindow[], badging = true } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const navigator = badging ? { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) } : {};
  const self = {
    location: { origin: ORIGIN },
    navigator,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  runInNewContext(source, { self, URL, Promise, Number });

  async function dispatch(type: string, event: object) {
    const waited: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    await Promise.all(waited);
    return waited.length;
  }
  return {
    self,
    navigator: navigator as { setAppBadge?: ReturnType<typeof vi.fn>; clearAppBadge?: ReturnType<typeof vi.fn> },
    push: (payload: unknown) => dispatch('push', { data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } }),
    click: (url: unknown) => {
      const notification = { data: { url }, close: vi.fn() };
      return { notification, done: dispatch('notificationclick', { notification }) };
    },
  };
}

const ORDER_PUSH = { title: 'New order', body: 'Green Leaf ordered 3 items', url: '/orders/o-1', tag: 'order:o-1', badgeCount: 2 };

describe('a push', () => {
  it('shows the notification with its tag, the app icon and the page to open', async () => {
    const sw = worker();
    await sw.push(ORDER_PUSH);
    expect(sw.self.registration.showNotification).toHaveBeenCalledWith('New order', {
      body: 'Green Leaf ordered 3 items',
      tag: 'order:o-1',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/orders/o-1' },
    });
  });

  it('sets the app badge to the count it carries, and clears it at zero', async () => {
    const sw = worker();
    await sw.push(ORDER_PUSH);
    expect(sw.navigator.setAppBadge).toHaveBeenCalledWith(2);
    await sw.push({ ...ORDER_PUSH, badgeCount: 0 });
    expect(sw.navigator.clearAppBadge).toHaveBeenCalled();
  });

  it('has open windows of the app sync, so the news shows there at once', async () => {
    const open = fakeWindow('/seller/orders');
    await worker({ windows: [open] }).push(ORDER_PUSH);
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'sync-now' });
  });

  it('still shows the notification where the browser has no badge', async () => {
    const sw = worker({ badging: false });
    await sw.push(ORDER_PUSH);
    expect(sw.self.registration.showNotification).toHaveBeenCalled();
  });

  it('shows nothing for a message that is not the app’s, or that would open another site', async () => {
    const sw = worker();
    expect(await sw.push('"just text"')).toBe(0);
    expect(await sw.push({ ...ORDER_PUSH, url: 'https://elsewhere.example/' })).toBe(0);
    expect(await sw.push({ ...ORDER_PUSH, url: '//elsewhere.example/orders' })).toBe(0);
    expect(await worker().push(null)).toBe(0);
    expect(sw.self.registration.showNotification).not.toHaveBeenCalled();
  });
});

describe('a click on a notification', () => {
  it('closes it and takes the focused window of the app to its page', async () => {
    const other = fakeWindow('/menus');
    const focused = fakeWindow('/products', { focused: true });
    const sw = worker({ windows: [other, focused] });
    const { notification, done } = sw.click('/orders/o-1');
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/orders/o-1`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(sw.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('brings forward a window already on the page without reloading it', async () => {
    const there = fakeWindow('/orders/o-1');
    const sw = worker({ windows: [fakeWindow('/menus', { focused: true }), there] });
    await sw.click('/orders/o-1').done;
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open (another site’s does not count)', async () => {
    const sw = worker({ windows: [fakeWindow('/', { focused: true, origin: 'https://elsewhere.example' })] });
    await sw.click('/orders/o-1').done;
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/orders/o-1`);
  });

  it('opens a new window when the open one cannot be navigated, and still navigates when focus is refused', async () => {
    const uncontrolled = fakeWindow('/menus', { controlled: false });
    const sw = worker({ windows: [uncontrolled] });
    await sw.click('/orders/o-1').done;
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/orders/o-1`);

    const refusing = fakeWindow('/menus');
    refusing.focus.mockRejectedValue(new Error('Not allowed to focus a window'));
    await worker({ windows: [refusing] }).click('/orders/o-2').done;
    expect(refusing.navigate).toHaveBeenCalledWith(`${ORIGIN}/orders/o-2`);
  });

  it('opens nothing for an address outside the app', async () => {
    const sw = worker({ windows: [fakeWindow('/menus')] });
    const { notification, done } = sw.click('https://elsewhere.example/');
    expect(await done).toBe(0);
    expect(notification.close).toHaveBeenCalled();
  });
});
