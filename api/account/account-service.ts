/**
 * Account care under Profile: change of password or email, address
 * confirmation, the notification settings, 'Download my data' and closing
 * the account.
 */
import { changeEmailInputSchema, changePasswordInputSchema, deleteAccountInputSchema } from '../../sync/entities/account';
import { emailPreferencesUpdateSchema, NOTIFICATION_KINDS, type EmailPreferences } from '../../sync/entities/email-preferences';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import { hashLinkToken, newLinkToken } from '../auth/account-tokens';
import { EMAIL_TAKEN_MESSAGE } from '../../sync/entities/account';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Services, Session } from '../context';
import type { Tx } from '../db/database';
import { accountData, chargeableSubscriptionIds, clearClosedAccount } from '../db/repositories/account';
import { findAccountToken, insertAccountToken, latestAccountTokenAt, optedOutKinds, retireAccountTokens, setOptOut, useAccountToken } from '../db/repositories/mail';
import { uploadedFileNamesOf } from '../db/repositories/photos';
import { deleteSessionsOfUser, emailTaken, findCredentialsByEmail, findUserById, updateUser } from '../db/repositories/users';
import { appLink, greetingName, sendAccountMail } from '../mail/mail-service';
import { RateLimitedError, waitText } from '../limits/rate-limited-error';
import { removeUnnamedFiles } from '../photos/cleanup';
import { accountClosedMail, confirmAddressMail, confirmNewEmailMail, emailChangeNoticeMail, passwordChangedMail, welcomeMail } from '../mail/templates/account';

const CONFIRM_VALID_MS = 7 * 24 * 60 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;
export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';
export const EMAIL_CHANGE_SENT_MESSAGE = 'We sent a confirmation link to the new address. Your email changes once you follow it.';

/** Refuses the request unless `password` is the account's current one. */
async function requirePassword(services: Services, user: User, password: string, field: string): Promise<void> {
  const credentials = await findCredentialsByEmail(services.db.read, user.email);
  if (!credentials || !(await verifyPassword(credentials.passwordHash, password))) {
    throw new AppError('validation', WRONG_PASSWORD_MESSAGE, { [field]: WRONG_PASSWORD_MESSAGE });
  }
}

type ConfirmationMail = 'welcome' | 'again' | 'new-address';
const CONFIRMATION_MAILS = { welcome: welcomeMail, again: confirmAddressMail, 'new-address': confirmNewEmailMail } as const;

async function queueConfirmation(services: Services, tx: Tx, user: User, email: string, mail: ConfirmationMail): Promise<void> {
  const now = services.now();
  const { token, tokenHash } = newLinkToken();
  await retireAccountTokens(tx.db, user.id, 'confirm-email', now);
  await insertAccountToken(tx.db, { tokenHash, userId: user.id, purpose: 'confirm-email', email, expiresAt: new Date(now.getTime() + CONFIRM_VALID_MS), createdAt: now });
  const confirmUrl = appLink(services, `/api/account/confirm-email?token=${token}`);
  const content = CONFIRMATION_MAILS[mail]({ name: greetingName(user), confirmUrl });
  await sendAccountMail(services, tx, { userId: user.id, email }, mail === 'welcome' ? 'welcome' : 'confirm-email', content);
}

/** After registration: a welcome with a link confirming the address. */
export async function sendWelcome(services: Services, user: User): Promise<void> {
  await services.db.transaction(async (tx) => queueConfirmation(services, tx, user, user.email, 'welcome'));
}

/** A person who lost the welcome email asks for a new link; one a minute at most, so the button cannot flood an inbox. */
export async function resendConfirmation(services: Services, user: User): Promise<string> {
  if (user.emailConfirmedAt) throw new AppError('validation', 'Your email address is already confirmed.');
  await services.db.transaction(async (tx) => {
    const last = await latestAccountTokenAt(tx.db, user.id, 'confirm-email');
    const wait = last ? last.getTime() + RESEND_INTERVAL_MS - services.now().getTime() : 0;
    if (wait > 0) throw new RateLimitedError(`A link was sent a moment ago. Please check your inbox, or ask again in ${waitText(wait)}.`, wait);
    await queueConfirmation(services, tx, user, user.email, 'again');
  });
  return `We sent a new confirmation link to ${user.email}.`;
}

export async function changePassword(services: Services, session: Session, input: unknown): Promise<void> {
  const { currentPassword, newPassword } = parseOrThrow(changePasswordInputSchema, input);
  await requirePassword(services, session.user, currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  await services.db.transaction(async (tx) => {
    const now = services.now();
    await updateUser(tx.db, session.user.id, { passwordHash }, tx.version, now);
    // Every other device signs in again; this one keeps its session.
    await deleteSessionsOfUser(tx.db, session.user.id, session.sid);
    await sendAccountMail(services, tx, { userId: session.user.id, email: session.user.email }, 'password-changed', passwordChangedMail({ name: greetingName(session.user) }));
  });
}

export async function requestEmailChange(services: Services, user: User, input: unknown): Promise<string> {
  const { email, currentPassword } = parseOrThrow(changeEmailInputSchema, input);
  await requirePassword(services, user, currentPassword, 'currentPassword');
  if (email === user.email) throw new AppError('validation', 'This is already your email', { email: 'This is already your email' });
  await services.db.transaction(async (tx) => {
    if (await emailTaken(tx.db, email, user.id)) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    await queueConfirmation(services, tx, user, email, 'new-address');
    await sendAccountMail(services, tx, { userId: user.id, email: user.email }, 'email-change-notice', emailChangeNoticeMail({ name: greetingName(user), newEmail: email }));
  });
  return EMAIL_CHANGE_SENT_MESSAGE;
}

/** Follows a confirmation link: the address is confirmed, and becomes the account's email when it was a new one. */
export async function confirmEmail(services: Services, token: string): Promise<User> {
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const tokenHash = hashLinkToken(token);
    const row = await findAccountToken(tx.db, tokenHash, 'confirm-email');
    const user = row ? await findUserById(tx.db, row.userId) : null;
    if (!row || !row.email || row.usedAt || row.expiresAt <= now || !user || user.disabled || !(await useAccountToken(tx.db, tokenHash, now))) {
      throw new AppError('validation', 'This confirmation link has expired or was already used.');
    }
    if (row.email !== user.email && (await emailTaken(tx.db, row.email, user.id))) {
      throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
    }
    return updateUser(tx.db, user.id, { email: row.email, emailConfirmedAt: now }, tx.version, now);
  });
}

export async function emailPreferences(services: Services, user: User): Promise<EmailPreferences> {
  const off = new Set(await optedOutKinds(services.db.read, user.id));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as EmailPreferences;
}

export async function updateEmailPreferences(services: Services, user: User, input: unknown): Promise<EmailPreferences> {
  const changes = parseOrThrow(emailPreferencesUpdateSchema, input);
  await services.db.transaction(async (tx) => {
    for (const [kind, on] of Object.entries(changes)) await setOptOut(tx.db, user.id, kind, !on, services.now());
  });
  return emailPreferences(services, user);
}

/** 'Download my data': the profile and everything the account owns, as one JSON document. */
export async function exportAccount(services: Services, user: User) {
  return { exportedAt: services.now().toISOString(), profile: user, ...(await accountData(services.db.read, user.id)) };
}

/**
 * Closes the account: password required; the provider subscription is
 * canceled first (a failure there stops the close, so nobody is charged for
 * a closed account), then the data is cleared and every session ends.
 */
export async function closeAccount(services: Services, user: User, input: unknown): Promise<void> {
  const { password } = parseOrThrow(deleteAccountInputSchema, input);
  await requirePassword(services, user, password, 'password');
  if (services.payments) {
    for (const subscriptionId of await chargeableSubscriptionIds(services.db.read, user.id)) await services.payments.cancelSubscription(subscriptionId);
  }
  const files = await services.db.transaction(async (tx) => {
    const uploaded = await uploadedFileNamesOf(tx.db, user.id);
    await clearClosedAccount(tx.db, user.id, tx.version, services.now());
    await sendAccountMail(services, tx, { userId: null, email: user.email }, 'account-closed', accountClosedMail({ name: greetingName(user) }));
    return uploaded;
  });
  await removeClosedAccountFiles(services, files);
}

/**
 * Its uploads are served no more from the close on (no record names them);
 * their bytes, unless another account uploaded the same, leave the store now
 * rather than at the next cleanup, which still takes any left behind.
 */
async function removeClosedAccountFiles(services: Services, files: string[]): Promise<void> {
  try {
    await services.db.transaction((tx) => removeUnnamedFiles(tx, services.files, files));
  } catch (error) {
    console.warn('The files of a closed account stay in the store until the next photo cleanup:', error);
  }
}
