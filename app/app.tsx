/** The app's providers around the routes: crash fallback, router, tooltips, toasts, the sign-in dialog and PWA prompts. */
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { Toaster } from './components/ui/toaster';
import { TooltipProvider } from './components/ui/tooltip';
import { AuthDialog } from './features/auth/auth-dialog';
import { showPendingSignOutToast } from './features/auth/sign-out';
import { PwaPrompts } from './features/pwa/pwa-prompts';
import { SyncProvider } from './features/sync/sync-provider';
import { useSession } from './lib/session-store';
import { AppRoutes } from './routes';

export function App() {
  useEffect(() => {
    void useSession.getState().restore();
    showPendingSignOutToast();
  }, []);

  return (
    <ErrorBoundary>
      <BrowserRouter>
        <TooltipProvider>
          <SyncProvider />
          <AppRoutes />
          <AuthDialog />
          <PwaPrompts />
          <Toaster />
        </TooltipProvider>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
