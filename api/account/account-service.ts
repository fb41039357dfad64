/**
 * Account care under Profile: change of password, address confirmation, the
 * notification settings, 'Download my data' and closing the account. A change
 * of email lives in email-change.ts.
 */
import type { z } from 'zod';
import {
  CONFIRM_LINK_INVALID_MESSAGE,
  ONLY_ADMIN_CLOSING_MESSAGE,
  type changePasswordInputSchema,
  type confirmEmailInputSchema,
  type deleteAccountInputSchema,
} from '../../sync/entities/account';
import { NOTIFICATION_KINDS, type EmailPreferences, type emailPreferencesUpdateSchema } from '../../sync/entities/email-preferences';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { hashLinkToken, newLinkToken, TAKEOVER_LINKS } from '../auth/account-tokens';
import { requirePassword } from '../auth/current-password';
import { hashPassword } from '../auth/password';
import type { Services, Session } from '../context';
import type { Tx } from '../db/database';
import { TEAM_TABLES } from '../registry';
import { accountData, anonymiseTeamAnchor, chargeableSubscriptionIds, clearClosedAccount } from '../db/repositories/account';
import { handOverCustomers } from '../db/repositories/customers';
import { countMembers, deleteMember } from '../db/repositories/teams';
import { findAccountToken, insertAccountToken, latestAccountTokenAt, optedOutKinds, retireAccountTokens, setOptOut, useAccountToken } from '../db/repositories/mail';
import { uploadedFileNamesOf } from '../db/repositories/photos';
import { deleteSessionsOfUser } from '../db/repositories/sessions';
import { countEnabledAdmins, findUserById, updateUser } from '../db/repositories/users';
import { appLink, greetingName, sendAccountMail } from '../mail/mail-service';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { removeUnnamedFiles } from '../photos/cleanup';
import { recordOwnAccountAudit } from '../admin/admin-audit';
import { accountClosedMail, confirmAddressMail, passwordChangedMail, welcomeMail } from '../mail/templates/account';
import { completeEmailChange } from './email-change';
import { completeClaim } from '../auth/registration-claim';
import { linkConfirmedAddress } from '../customers/buyer-links';
import { withdrawSavedCopies } from './withdraw-saved-copies';

const CONFIRM_VALID_MS = 7 * 24 * 60 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;

type ConfirmationMail = 'welcome' | 'again';
const CONFIRMATION_MAILS = { welcome: welcomeMail, again: confirmAddressMail } as const;

/** A link confirming the account's current address; the page it opens confirms with a POST, so a mail scanner following it changes nothing. */
async function queueConfirmation(services: Services, tx: Tx, user: User, mail: ConfirmationMail): Promise<void> {
  const now = services.now();
  const { token, tokenHash } = newLinkToken();
  await retireAccountTokens(tx.db, user.id, 'confirm-email', now);
  await insertAccountToken(tx.db, {
    tokenHash,
    userId: user.id,
    purpose: 'confirm-email',
    email: user.email,
    expiresAt: new Date(now.getTime() + CONFIRM_VALID_MS),
    createdAt: now,
  });
  const confirmUrl = appLink(services, `/confirm-email?token=${token}`);
  const content = CONFIRMATION_MAILS[mail]({ name: greetingName(user), confirmUrl });
  await sendAccountMail(services, tx, { userId: user.id, email: user.email }, mail === 'welcome' ? 'welcome' : 'confirm-email', content);
}

/** After registration: a welcome with a link confirming the address. */
export async function sendWelcome(services: Services, user: User): Promise<void> {
  await services.db.transaction(async (tx) => queueConfirmation(services, tx, user, 'welcome'));
}

/** A person who lost the welcome email asks for a new link; one a minute at most, so the button cannot flood an inbox. */
export async function resendConfirmation(services: Services, user: User): Promise<string> {
  if (user.emailConfirmedAt) throw new AppError('validation', 'Your email address is already confirmed.');
  await services.db.transaction(async (tx) => {
    const last = await latestAccountTokenAt(tx.db, user.id, 'confirm-email');
    const wait = last ? last.getTime() + RESEND_INTERVAL_MS - services.now().getTime() : 0;
    if (wait > 0) throw new RateLimitedError(`A link was sent a moment ago. Please check your inbox, or ask again in ${waitText(wait)}.`, wait);
    await queueConfirmation(services, tx, user, 'again');
  });
  return `We sent a new confirmation link to ${user.email}.`;
}

export async function changePassword(services: Services, session: Session, input: z.output<typeof changePasswordInputSchema>, clientAddress: string): Promise<void> {
  const { currentPassword, newPassword } = input;
  await requirePassword(services, session.user, currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(newPassword, services.env.passwordHashing);
  await services.db.transaction(async (tx) => {
    const now = services.now();
    await updateUser(tx.db, session.user.id, { passwordHash }, tx.version, now);
    // Every other device signs in again; this one keeps its session. A reset or change of address asked for before is no way in either.
    await deleteSessionsOfUser(tx.db, session.user.id, session.sid);
    await recordOwnAccountAudit(tx.db, { at: now, account: session.user, clientAddress, action: 'admin.password_change' });
    await retireAccountTokens(tx.db, session.user.id, TAKEOVER_LINKS, now);
    await sendAccountMail(services, tx, { userId: session.user.id, email: session.user.email }, 'password-changed', passwordChangedMail({ name: greetingName(session.user) }));
  });
}

/**
 * POST /api/account/confirm-email, from the page an emailed link opens:
 * confirms the account's address, completes a change to a new one, or makes
 * the account of a registration that waited for its address's link. The
 * caller's session, when it is the owner's, stays signed in.
 */
export async function confirmEmail(
  services: Services,
  input: z.output<typeof confirmEmailInputSchema>,
  session: Session | null,
  clientAddress: string,
): Promise<{ email: string; message: string }> {
  const { token } = input;
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const tokenHash = hashLinkToken(token);
    const link = (await findAccountToken(tx.db, tokenHash, 'email-change')) ?? (await findAccountToken(tx.db, tokenHash, 'confirm-email'));
    const claimed = link ? null : await completeClaim(services, tx, token);
    if (claimed) return claimed;
    const user = link ? await findUserById(tx.db, link.userId) : null;
    // A confirmation of the account's address is void once the address changed.
    const voided = link?.purpose === 'confirm-email' && link.email !== user?.email;
    if (!link || !link.email || link.usedAt || link.expiresAt <= now || !user || user.disabled || voided || !(await useAccountToken(tx.db, tokenHash, now))) {
      throw new AppError('validation', CONFIRM_LINK_INVALID_MESSAGE);
    }
    if (link.purpose === 'email-change') {
      const keepSid = session?.user.id === user.id ? session.sid : undefined;
      await recordOwnAccountAudit(tx.db, { at: now, account: user, clientAddress, action: 'admin.email_change', detail: `${user.email} → ${link.email}` });
      const changed = await completeEmailChange(services, tx, link, user, keepSid);
      const signedOut = keepSid ? 'Every other device was signed out.' : 'Sign in with it from now on: every device was signed out.';
      return { email: changed.email, message: `Your email is now ${changed.email}. ${signedOut}` };
    }
    await linkConfirmedAddress(tx, await updateUser(tx.db, user.id, { emailConfirmedAt: now }, tx.version, now));
    return { email: user.email, message: `${user.email} is confirmed as the address of your account.` };
  });
}

export async function emailPreferences(services: Services, user: User): Promise<EmailPreferences> {
  const off = new Set(await optedOutKinds(services.db.read, user.id));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as EmailPreferences;
}

export async function updateEmailPreferences(services: Services, user: User, changes: z.output<typeof emailPreferencesUpdateSchema>): Promise<EmailPreferences> {
  await services.db.transaction(async (tx) => {
    for (const [kind, on] of Object.entries(changes)) await setOptOut(tx.db, user.id, kind, !on, services.now());
  });
  return emailPreferences(services, user);
}

/** 'Download my data': the profile and everything the account owns, as one JSON document. */
export async function exportAccount(services: Services, user: User) {
  return { exportedAt: services.now().toISOString(), profile: user, ...(await accountData(services.db.read, user.id, TEAM_TABLES)) };
}

/**
 * Closes the account: password required; the provider subscription is
 * canceled first (a failure there stops the close, so nobody is charged for
 * a closed account), then the data is cleared and every session ends.
 * Buyers' saved copies of a seller's menus stay theirs, marked no longer
 * offered, and the buyers are told.
 */
export const HAND_OVER_FIRST = 'Hand ownership to another member before closing your account';

/**
 * Closes the account. Alone in their team, the person's data goes with it; in a team with other members (an owner must
 * hand ownership over first) the team's data stays with the team and only the person leaves.
 */
export async function closeAccount(
  services: Services,
  { user, team }: Pick<Session, 'user' | 'team'>,
  input: z.output<typeof deleteAccountInputSchema>,
  clientAddress: string,
): Promise<void> {
  const { password } = input;
  await requirePassword(services, user, password, 'password');
  if ((await countMembers(services.db.read, team.id)) > 1) {
    if (team.role === 'owner') throw new AppError('conflict', HAND_OVER_FIRST);
    await services.db.transaction(async (tx) => {
      await recordOwnAccountAudit(tx.db, { at: services.now(), account: user, clientAddress, action: 'admin.account_close' });
      await retireAccountTokens(tx.db, user.id, TAKEOVER_LINKS, services.now());
      // Their customers are left for an owner or a manager to assign: nobody outside the team hears of them.
      await handOverCustomers(tx.db, team.id, user.id, null, user.id, tx.version, services.now());
      await deleteMember(tx.db, team.id, user.id);
      // The founding account's row holds the team's data: it stays, emptied of the person.
      if (team.id === user.id) await anonymiseTeamAnchor(tx.db, user.id, tx.version, services.now());
      else await clearClosedAccount(tx.db, user.id, TEAM_TABLES, tx.version, services.now());
      await sendAccountMail(services, tx, { userId: null, email: user.email }, 'account-closed', accountClosedMail({ name: greetingName(user) }));
    });
    return;
  }
  if (services.payments) {
    for (const subscriptionId of await chargeableSubscriptionIds(services.db.read, user.id)) await services.payments.cancelSubscription(subscriptionId);
  }
  const files = await services.db.transaction(async (tx) => {
    // Checked in the closing transaction, as demoting is, so two admins closing at once cannot leave none.
    if (user.role === 'admin' && (await countEnabledAdmins(tx.db)) <= 1) throw new AppError('conflict', ONLY_ADMIN_CLOSING_MESSAGE);
    await recordOwnAccountAudit(tx.db, { at: services.now(), account: user, clientAddress, action: 'admin.account_close' });
    await retireAccountTokens(tx.db, user.id, TAKEOVER_LINKS, services.now());
    const uploaded = await uploadedFileNamesOf(tx.db, user.id);
    await withdrawSavedCopies(services, tx, user);
    await clearClosedAccount(tx.db, user.id, TEAM_TABLES, tx.version, services.now());
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
