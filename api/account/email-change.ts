/**
 * Changing the account's email. Holding a session is not enough: the change
 * needs the current password, stays pending while a link goes to the new
 * address, and happens only when that link is followed, after which the
 * address counts as confirmed, the other sessions end and the old address is
 * told. Every way in (Account settings, PUT /api/auth/user, the sync
 * mutation `profile.update`) goes through `checkEmailChange` and
 * `startEmailChange`.
 */
import type { z } from 'zod';
import { EMAIL_CHANGE_PASSWORD_MESSAGE, EMAIL_CHANGE_SENT_MESSAGE, EMAIL_TAKEN_MESSAGE, type changeEmailInputSchema, type PendingEmailChange } from '../../sync/entities/account';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { newLinkToken, TAKEOVER_LINKS } from '../auth/account-tokens';
import { requirePassword } from '../auth/current-password';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { insertAccountToken, liveAccountToken, retireAccountTokens, type AccountTokenRow } from '../db/repositories/mail';
import { deleteSessionsOfUser } from '../db/repositories/sessions';
import { updateUser } from '../db/repositories/users';
import { addressHeldByProof, releaseAddress, unconfirmedHolder } from '../auth/registration-claim';
import { linkConfirmedAddress } from '../customers/buyer-links';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { appLink, greetingName, sendAccountMail } from '../mail/mail-service';
import { confirmNewEmailMail, emailChangedMail, emailChangeNoticeMail } from '../mail/templates/account';

export const EMAIL_CHANGE_VALID_HOURS = 24;

/**
 * What must hold before anything of a change is written: the password given,
 * the quota, then the password right. The quota counts before the password is
 * checked, so a borrowed session cannot guess the password any faster.
 */
export async function checkEmailChange(services: Services, user: User, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) throw new AppError('validation', EMAIL_CHANGE_PASSWORD_MESSAGE, { currentPassword: EMAIL_CHANGE_PASSWORD_MESSAGE });
  const { quotas } = services;
  const wait = await quotas.take({ window: quotas.emailChangesPerAccount, key: user.id });
  if (wait > 0) throw new RateLimitedError(`Too many email change requests. Please try again in ${waitText(wait)}.`, wait);
  await requirePassword(services, user, currentPassword, 'currentPassword');
}

/** Keeps `email` pending behind a link sent there (only the newest link works), and tells the current address. */
export async function startEmailChange(services: Services, tx: Tx, user: User, email: string): Promise<void> {
  // An account that never confirmed the address does not keep it from someone who will.
  if (await addressHeldByProof(tx.db, email, user.id)) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const now = services.now();
  const { token, tokenHash } = newLinkToken();
  await retireAccountTokens(tx.db, user.id, 'email-change', now);
  await insertAccountToken(tx.db, {
    tokenHash,
    userId: user.id,
    purpose: 'email-change',
    email,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALID_HOURS * 60 * 60_000),
    createdAt: now,
  });
  const name = greetingName(user);
  const confirmUrl = appLink(services, `/confirm-email?token=${token}`);
  await sendAccountMail(services, tx, { userId: user.id, email }, 'email-change', confirmNewEmailMail({ name, confirmUrl, validHours: EMAIL_CHANGE_VALID_HOURS }));
  await sendAccountMail(services, tx, { userId: user.id, email: user.email }, 'email-change-notice', emailChangeNoticeMail({ name, newEmail: email }));
}

/** POST /api/account/email: Account settings' change of address. */
export async function requestEmailChange(services: Services, user: User, input: z.output<typeof changeEmailInputSchema>): Promise<string> {
  const { email, currentPassword } = input;
  if (email === user.email) throw new AppError('validation', 'This is already your email', { email: 'This is already your email' });
  await checkEmailChange(services, user, currentPassword);
  await services.db.transaction((tx) => startEmailChange(services, tx, user, email));
  return EMAIL_CHANGE_SENT_MESSAGE;
}

export async function pendingEmailChange(services: Services, user: User): Promise<PendingEmailChange | null> {
  const row = await liveAccountToken(services.db.read, user.id, 'email-change', services.now());
  return row?.email ? { email: row.email, requestedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() } : null;
}

/** The owner takes the change back: its link stops working. */
export async function cancelEmailChange(services: Services, user: User): Promise<void> {
  await services.db.transaction(async (tx) => retireAccountTokens(tx.db, user.id, 'email-change', services.now()));
}

/**
 * The link of a change was followed (its token already marked used): the new
 * address becomes the account's, confirmed, since the link proved it (an
 * account that held it unconfirmed gives it up), and links the customer
 * entries that name it, for prices. Every
 * other link of the account is retired, every session but `keepSid` (the one
 * that confirmed, if it is the owner's) ends, and the old address is told.
 */
export async function completeEmailChange(services: Services, tx: Tx, link: AccountTokenRow, user: User, keepSid: string | undefined): Promise<User> {
  const email = link.email!;
  if (await addressHeldByProof(tx.db, email, user.id)) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
  const now = services.now();
  const holder = await unconfirmedHolder(tx.db, email);
  if (holder && holder.id !== user.id) await releaseAddress(tx, holder, now);
  const changed = await updateUser(tx.db, user.id, { email, emailConfirmedAt: now }, tx.version, now);
  await linkConfirmedAddress(tx, changed);
  await retireAccountTokens(tx.db, user.id, [...TAKEOVER_LINKS, 'confirm-email'], now);
  await deleteSessionsOfUser(tx.db, user.id, keepSid);
  await sendAccountMail(
    services,
    tx,
    { userId: user.id, email: user.email },
    'email-changed',
    emailChangedMail({ name: greetingName(user), newEmail: email, supportEmail: services.env.SUPPORT_EMAIL }),
  );
  return changed;
}
