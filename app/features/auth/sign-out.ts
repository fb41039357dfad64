/**
 * Signing out clears the session and reloads at the site root; the
 * 'Logged out' toast is shown by the fresh page, so a flag carries it over.
 */
import { useSession } from '../../lib/session-store';
import { toast } from '../../lib/toast-store';

const SIGNED_OUT_FLAG = 'show_logged_out_toast';

export async function signOutAndReload(): Promise<void> {
  await useSession.getState().signOut();
  sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  window.location.assign('/');
}

export function showPendingSignOutToast(): void {
  if (sessionStorage.getItem(SIGNED_OUT_FLAG)) {
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
    toast({ title: 'Logged out', description: 'You have been signed out.' });
  }
}
