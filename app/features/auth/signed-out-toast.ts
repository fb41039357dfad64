/** The 'Logged out' toast, shown by the fresh page after signing out reloaded the app. */
import { toast } from '../../lib/toast-store';

export const SIGNED_OUT_FLAG = 'show_logged_out_toast';

export function showPendingSignOutToast(): void {
  if (sessionStorage.getItem(SIGNED_OUT_FLAG)) {
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
    toast({ title: 'Logged out', description: 'You have been signed out.' });
  }
}
