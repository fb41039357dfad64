/**
 * Forgotten passwords: an emailed link with a random token (stored only as a
 * hash, single-use, 60 minutes) that lets its holder choose a new password,
 * ending every session and every other emailed link of the account, and
 * starting a new session.
 */
import type { z } from 'zod';
import type { AuthResponse } from '../../sync/entities/user';
import { RESET_LINK_INVALID_MESSAGE, type forgotPasswordInputSchema, type resetPasswordInputSchema } from '../../sync/entities/account';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import type { Db, Tx } from '../db/database';
import { findAccountToken, insertAccountToken, retireAccountTokens, useAccountToken, type AccountTokenRow } from '../db/repositories/mail';
import { deleteSessionsOfUser } from '../db/repositories/sessions';
import { findCredentialsByEmail, findUserById, updateUser } from '../db/repositories/users';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { appLink, greetingName, sendAccountMail } from '../mail/mail-service';
import { passwordResetMail } from '../mail/templates/account';
import { hashLinkToken, newLinkToken, TAKEOVER_LINKS } from './account-tokens';
import { hashPassword } from './password';
import { startSession } from './auth-service';
import { recordOwnAccountAudit } from '../admin/admin-audit';
import { linkConfirmedAddress } from '../customers/buyer-links';

export const RESET_VALID_MINUTES = 60;

/**
 * Takes a request for a reset link. Whatever the address, the request writes one waiting request and nothing else: the
 * account is looked up, and the link made and mailed, off the request (`answerResetRequest`, run by
 * `services.resetRequests`), so the answer takes the same work, and so the same time, for an address with an account
 * as for one without. The caller answers the same either way.
 */
export async function requestPasswordReset(services: Services, input: z.output<typeof forgotPasswordInputSchema>, clientAddress: string): Promise<void> {
  const { email } = input;
  const { quotas } = services;
  const wait = Math.max(await quotas.take(quotas.perClient(quotas.resetsPerClient, clientAddress)), await quotas.take({ window: quotas.resetsPerAddress, key: email }));
  if (wait > 0) throw new RateLimitedError(`Too many reset requests. Please try again in ${waitText(wait)}.`, wait);
  await services.db.transaction(async (tx) => services.resetRequests.record(tx, email));
  services.resetRequests.wake();
}

/** Sends a reset link when the address has an account (and one that is not disabled); otherwise does nothing. */
export async function answerResetRequest(services: Services, tx: Tx, email: string): Promise<void> {
  const credentials = await findCredentialsByEmail(tx.db, email);
  if (!credentials || credentials.user.disabled) return;
  const { user } = credentials;
  const now = services.now();
  const { token, tokenHash } = newLinkToken();
  // Only the newest link works: an older one in the inbox is no way in.
  await retireAccountTokens(tx.db, user.id, 'password-reset', now);
  await insertAccountToken(tx.db, { tokenHash, userId: user.id, purpose: 'password-reset', expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000), createdAt: now });
  await sendAccountMail(
    services,
    tx,
    { userId: user.id, email: user.email },
    'password-reset',
    passwordResetMail({ name: greetingName(user), url: appLink(services, `/reset-password?token=${token}`), validMinutes: RESET_VALID_MINUTES }),
  );
}

/**
 * Sets the new password of a reset link's account. In this order: the
 * client's quota, then the link, and only then the password's Argon2 hash,
 * so a wrong or stale link never costs one.
 */
export async function resetPassword(services: Services, input: z.output<typeof resetPasswordInputSchema>, clientAddress: string, userAgent?: string): Promise<AuthResponse> {
  const { token, password } = input;
  const { quotas } = services;
  const wait = await quotas.take(quotas.perClient(quotas.resetLinkTriesPerClient, clientAddress));
  if (wait > 0) throw new RateLimitedError(`Too many password reset attempts. Please try again in ${waitText(wait)}.`, wait);
  const tokenHash = hashLinkToken(token);
  if (!(await usableResetToken(services.db.read, tokenHash, services.now()))) throw new AppError('validation', RESET_LINK_INVALID_MESSAGE);
  const passwordHash = await hashPassword(password, services.env.passwordHashing);
  const user = await services.db.transaction(async (tx) => {
    const now = services.now();
    // Checked again where it is used up: another request may have used the link while the password was hashed.
    const row = await usableResetToken(tx.db, tokenHash, now);
    if (!row || !(await useAccountToken(tx.db, tokenHash, now))) throw new AppError('validation', RESET_LINK_INVALID_MESSAGE);
    const owner = await findUserById(tx.db, row.userId);
    if (!owner || owner.disabled) throw new AppError('validation', RESET_LINK_INVALID_MESSAGE);
    await deleteSessionsOfUser(tx.db, owner.id);
    await recordOwnAccountAudit(tx.db, { at: now, account: owner, clientAddress, action: 'admin.password_change', detail: 'by reset link' });
    // Other reset links, and a change of address asked for before, die with the old password.
    await retireAccountTokens(tx.db, owner.id, TAKEOVER_LINKS, now);
    // Following the emailed link proves the address is theirs.
    const updated = await updateUser(tx.db, owner.id, { passwordHash, emailConfirmedAt: owner.emailConfirmedAt ? undefined : now }, tx.version, now);
    if (!owner.emailConfirmedAt) await linkConfirmedAddress(tx, updated);
    return updated;
  });
  return startSession(services, user, userAgent, clientAddress);
}

/** The reset link's row while it can still be used: not used, not expired. */
async function usableResetToken(db: Db, tokenHash: string, now: Date): Promise<AccountTokenRow | null> {
  const row = await findAccountToken(db, tokenHash, 'password-reset');
  return row && !row.usedAt && row.expiresAt > now ? row : null;
}
