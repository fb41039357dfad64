/** Inputs of the account-care calls: password reset, change of password or email, closing the account. */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../contract/constants';
import { isoDate, tooLongMessage } from '../contract/fields';
import { loginInputSchema } from './user';

const email = loginInputSchema.shape.email;

/** A new password, checked as registration checks it. */
const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, tooLongMessage('Password', 200));

const currentPassword = z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200);

export const forgotPasswordInputSchema = z.object({ email });

export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200),
  password: newPassword,
});

export const changePasswordInputSchema = z.object({ currentPassword, newPassword });

export const changeEmailInputSchema = z.object({ email, currentPassword });

export const deleteAccountInputSchema = z.object({ password: currentPassword });

/** Closing refuses the last admin who can sign in: nobody could then look after customers. */
export const ONLY_ADMIN_CLOSING_MESSAGE = 'You are the only admin: make another admin before closing this account';

/** The token of an emailed confirmation link, sent back by the page the link opens. */
export const confirmEmailInputSchema = z.object({
  token: z.string({ error: 'The confirmation link is incomplete' }).min(1, 'The confirmation link is incomplete').max(200),
});

/** A change of address waiting for its link to be followed (GET /api/account/email-change). */
export const pendingEmailChangeSchema = z.object({ email: z.string(), requestedAt: isoDate, expiresAt: isoDate });
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;
export const pendingEmailChangeAnswerSchema = z.object({ pending: pendingEmailChangeSchema.nullable() });

/** GET /api/account/export: everything the account holds, handed over whole as the person's file (so no key is dropped). */
export const accountExportSchema = z.looseObject({ exportedAt: isoDate });

/** Registration, a profile's email and an email change all refuse an address another account has. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const RESET_LINK_INVALID_MESSAGE = 'This reset link has expired or was already used.';
/**
 * POST /api/auth/register's answer (202) when an account holds the address without having confirmed it: the new
 * account waits for the link sent to the address, and no one is signed in yet.
 */
export type PendingRegistration = { pending: true; email: string; message: string };

/** Whether a registration's answer is one that waits for its link. */
export const isPendingRegistration = (answer: object): answer is PendingRegistration => 'pending' in answer && answer.pending === true;

export const CONFIRM_LINK_INVALID_MESSAGE = 'This confirmation link has expired or was already used.';
/** A profile save that changes the email without the current password. */
export const EMAIL_CHANGE_PASSWORD_MESSAGE = 'Enter your current password to change your email';
export const EMAIL_CHANGE_SENT_MESSAGE = 'We sent a confirmation link to the new address. Your email changes once you follow it.';
export const FORGOT_PASSWORD_SENT_MESSAGE = 'If an account exists for that email, we sent a link to reset the password. It works for 60 minutes.';
