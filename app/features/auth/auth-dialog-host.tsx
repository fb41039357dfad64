/**
 * Opens the sign-in dialog on the window event of auth-dialog-events or on
 * the /api/login navigation (which lands on /?auth=signin), and signs out on
 * /api/logout (/?logout=1). The dialog and the sign-out code (with its
 * validation and storage libraries) load only when asked for, so a visitor
 * opening a shared menu downloads neither.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { openAuthDialog, OPEN_AUTH_DIALOG_EVENT, type OpenAuthDialogDetail } from '../../lib/auth-dialog-events';

const AuthDialog = lazy(async () => ({ default: (await import('./auth-dialog')).AuthDialog }));

let nextRequest = 1;

export function AuthDialogHost() {
  const [request, setRequest] = useState<{ id: number; detail: OpenAuthDialogDetail } | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const onOpen = (event: Event) => setRequest({ id: nextRequest++, detail: (event as CustomEvent<OpenAuthDialogDetail>).detail ?? {} });
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('logout')) {
      void import('./sign-out').then(({ signOutAndReload }) => signOutAndReload());
    } else if (params.get('auth')) {
      const requested = params.get('role');
      navigate(location.pathname, { replace: true });
      openAuthDialog({
        mode: params.get('auth') === 'signup' ? 'signup' : 'signin',
        role: requested === 'buyer' || requested === 'seller' ? requested : undefined,
      });
    }
  }, [location.search, location.pathname, navigate]);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog key={request.id} initial={request.detail} />
    </Suspense>
  );
}
