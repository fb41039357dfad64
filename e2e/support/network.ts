/**
 * Offline as a real device has it, in one place for every test: requests fail
 * (the context offline), `navigator.onLine` is false (also after a reload and
 * in pages opened later), and open pages hear the `offline` event, then
 * `online` when the network returns. Playwright's `context.setOffline` alone
 * fails requests, but whether it changes `navigator.onLine` depends on the
 * Chromium version, so the tests do not lean on it.
 */
import type { BrowserContext } from '@playwright/test';

const OFFLINE_FLAG = 'e2e-emulated-offline';
const withEmulation = new WeakSet<BrowserContext>();

/** Runs in every page before its scripts: `navigator.onLine` answers false while the flag is set for the origin. */
function emulateOnLine(flag: string): void {
  const browserOnLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get(this: Navigator) {
      try {
        if (localStorage.getItem(flag) === '1') return false;
      } catch {
        // A page with no storage (about:blank) has nothing to emulate.
      }
      return browserOnLine ? (browserOnLine.call(this) as boolean) : true;
    },
  });
}

async function setEmulatedOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (!withEmulation.has(context)) {
    withEmulation.add(context);
    await context.addInitScript(emulateOnLine, OFFLINE_FLAG);
    await Promise.all(context.pages().map((page) => page.evaluate(emulateOnLine, OFFLINE_FLAG).catch(() => undefined)));
  }
  await Promise.all(
    context.pages().map((page) =>
      page
        .evaluate(
          ({ flag, offline }) => {
            if (offline) localStorage.setItem(flag, '1');
            else localStorage.removeItem(flag);
            window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
          },
          { flag: OFFLINE_FLAG, offline },
        )
        .catch(() => undefined),
    ),
  );
}

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await setEmulatedOffline(context, true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await setEmulatedOffline(context, false);
}
