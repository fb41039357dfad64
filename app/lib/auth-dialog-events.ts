/**
 * The sign-in dialog is opened from anywhere by a window event that may
 * carry the role to preselect (spec section 2, Auth modal).
 */
import type { SelfServiceRole } from '../../sync/constants';

export const OPEN_AUTH_DIALOG_EVENT = 'open-auth-dialog';

export type AuthDialogMode = 'signin' | 'signup';
export type OpenAuthDialogDetail = { mode?: AuthDialogMode; role?: SelfServiceRole };

export function openAuthDialog(detail: OpenAuthDialogDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenAuthDialogDetail>(OPEN_AUTH_DIALOG_EVENT, { detail }));
}
