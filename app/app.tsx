/**
 * The app's providers around the routes: crash fallback, router, the sign-in
 * dialog, PWA prompts and toasts. What only some visitors need (the sync of a
 * signed-in user, the toast region) loads when first needed, so a buyer
 * opening a shared menu on a phone downloads little.
 */
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { AuthDialogHost } from './features/auth/auth-dialog-host';
import { showPendingSignOutToast } from './features/auth/signed-out-toast';
import { PwaPrompts } from './features/pwa/pwa-prompts';
import { useSession } from './lib/session-store';
import { useToasts } from './lib/toast-store';
import { AppRoutes } from './routes';

const SyncProvider = lazy(async () => ({ default: (await import('./features/sync/sync-provider')).SyncProvider }));
const Toaster = lazy(async () => ({ default: (await import('./components/ui/toaster')).Toaster }));

export function App() {
  const signedIn = useSession((state) => state.user !== null);
  const toastsUsed = useToasts((state) => state.used);
  useEffect(() => {
    void useSession.getState().restore();
    showPendingSignOutToast();
  }, []);

  return (
    <ErrorBoundary>
      <BrowserRouter>
        {signedIn && (
          <Suspense fallback={null}>
            <SyncProvider />
          </Suspense>
        )}
        <AppRoutes />
        <AuthDialogHost />
        <PwaPrompts />
        {toastsUsed && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </BrowserRouter>
    </ErrorBoundary>
  );
}
