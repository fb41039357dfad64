import { isUnauthorizedError, messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';

const LOGIN_REDIRECT_DELAY_MS = 500;

/** A failed admin action: a lapsed session goes to sign-in, anything else is said in a toast. */
export function reportFailure(error: unknown, fallback: string): void {
  if (isUnauthorizedError(error)) {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    setTimeout(() => {
      window.location.href = '/api/login';
    }, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });
}
