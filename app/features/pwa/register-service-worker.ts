/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Service worker registration (production builds only). A new version waits
 * until the person chooses to reload (registerType 'prompt'); the state here
 * drives the update banner.
 */
import { registerSW } from 'virtual:pwa-register';
import { create } from 'zustand';

type PwaState = {
  /** A new version is ready and waits for the person's word. */
  needRefresh: boolean;
  /** The app shell is cached: the app now opens with no network. */
  offlineReady: boolean;
};

export const usePwaState = create<PwaState>(() => ({ needRefresh: false, offlineReady: false }));

// Installed apps can stay open for days without a navigation, which is when browsers look for updates.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let updateSW: ((reloadPage?: boolean) => Promise<void>) | undefined;
let updateRequested = false;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || updateSW) return;
  // The reload is ours, not the plugin's: its hook fires only when a worker drew the page, so on the visit that
  // installed the first worker 'Reload' stayed on 'Reloading…'.
  let drawnByWorker = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updateRequested) {
      window.location.reload();
      return;
    }
    // The first worker taking over a fresh page (clientsClaim) runs the page's own version.
    if (!drawnByWorker) {
      drawnByWorker = true;
      return;
    }
    // The update was accepted in another tab: this tab is now served by the new
    // worker but still runs the old code, so it asks too instead of reloading.
    usePwaState.setState({ needRefresh: true });
  });
  updateSW = registerSW({
    onNeedRefresh() {
      usePwaState.setState({ needRefresh: true });
    },
    onOfflineReady() {
      usePwaState.setState({ offlineReady: true });
    },
    // Given, so the plugin does not reload the page by itself: the controllerchange listener above decides.
    onNeedReload: () => undefined,
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });
}

/** Activates the waiting version; the page reloads once the new worker controls it. */
export async function applyUpdate(): Promise<void> {
  updateRequested = true;
  // No worker waits: the new version already took over (accepted in another tab), only this page is old.
  if (!(await navigator.serviceWorker.getRegistration())?.waiting) {
    window.location.reload();
    return;
  }
  await updateSW?.(true);
}

/** Hides the update banner; the new version still takes over on the next visit. */
export function dismissUpdate(): void {
  usePwaState.setState({ needRefresh: false });
}
