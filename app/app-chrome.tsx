/**
 * The app's providers around its pages: crash fallback, a router, the sign-in
 * dialog, PWA prompts, toasts and confirmation questions. What only some visitors need (the sync of a
 * signed-in user, the toast region) loads when first needed, so a buyer
 * opening a shared menu on a phone downloads little.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { AppFrame } from './app-frame';
import { AuthDialogHost } from './features/auth/auth-dialog-host';
import { showPendingSignOutToast } from './features/auth/signed-out-toast';
import { useSession } from './lib/session-store';
import { useToasts } from './lib/toast-store';
import { useIdleReached } from './lib/when-idle';

const SyncProvider = lazy(async () => ({ default: (await import('./features/sync/sync-provider')).SyncProvider }));
/** The service worker's registration and the update banner: nothing a page needs for its first picture, so they wait for a quiet moment. */
const PwaPrompts = lazy(async () => ({ default: (await import('./features/pwa/pwa-prompts')).PwaPrompts }));
const Toaster = lazy(async () => ({ default: (await import('./components/ui/toaster')).Toaster }));

const noSubscription = () => () => {};

/** Nothing while hydrating a server-rendered page (the server drew none of it), its children from then on. */
function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? children : null;
}

let started = false;

/** The stored session is checked once per visit, not again when a first page hands over to the whole app. */
function startOnce() {
  if (started) return;
  started = true;
  void useSession.getState().restore();
  showPendingSignOutToast();
}

export function AppChrome({ router, routes }: { router: (children: ReactNode) => ReactNode; routes: ComponentType }) {
  const signedIn = useSession((state) => state.user !== null);
  const toastsUsed = useToasts((state) => state.used);
  const idle = useIdleReached();
  useEffect(() => {
    // A task of its own, not part of taking the page over: a browser's first look at its storage can take a while.
    const start = setTimeout(startOnce);
    return () => clearTimeout(start);
  }, []);

  return (
    <AppFrame
      router={router}
      routes={routes}
      before={
        signedIn && (
          <Suspense fallback={null}>
            <SyncProvider />
          </Suspense>
        )
      }
      after={
        <AfterHydration>
          <AuthDialogHost />
          {idle && (
            <Suspense fallback={null}>
              <PwaPrompts />
            </Suspense>
          )}
          {toastsUsed && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
        </AfterHydration>
      }
    />
  );
}
