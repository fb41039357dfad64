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
let newVersionControlling = false;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || updateSW) return;
  updateSW = registerSW({
    onNeedRefresh() {
      usePwaState.setState({ needRefresh: true });
    },
    onOfflineReady() {
      usePwaState.setState({ offlineReady: true });
    },
    onNeedReload() {
      if (updateRequested) {
        window.location.reload();
        return;
      }
      // The update was accepted in another tab: this tab is now served by the new
      // worker but still runs the old code, so it asks too instead of reloading.
      newVersionControlling = true;
      usePwaState.setState({ needRefresh: true });
    },
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
  if (newVersionControlling) {
    window.location.reload();
    return;
  }
  await updateSW?.(true);
}

/** Hides the update banner; the new version still takes over on the next visit. */
export function dismissUpdate(): void {
  usePwaState.setState({ needRefresh: false });
}
