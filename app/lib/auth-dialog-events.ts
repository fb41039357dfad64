/**
 * The sign-in dialog is opened from anywhere by a window event that may
 * carry the role to preselect.
 */
import type { SelfServiceRole } from '../../sync/contract/constants';
import type { User } from '../../sync/entities/user';

export const OPEN_AUTH_DIALOG_EVENT = 'open-auth-dialog';

export type AuthDialogMode = 'signin' | 'signup';

/**
 * A guest asked for something on a page that needs an account (saving a
 * menu, writing to its seller): they sign in or create a free buyer account
 * in place, stay on the page, and the page carries on with what they asked.
 */
export type GuestRequest = {
  /** What the account is for, completing "…to": 'to contact the seller'. */
  purpose: string;
  onSignedIn: (user: User) => void;
  /** Closed without signing in: the page forgets what was asked. */
  onDismissed: () => void;
};

export type OpenAuthDialogDetail = { mode?: AuthDialogMode; role?: SelfServiceRole; guest?: GuestRequest };

export function openAuthDialog(detail: OpenAuthDialogDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenAuthDialogDetail>(OPEN_AUTH_DIALOG_EVENT, { detail }));
}
