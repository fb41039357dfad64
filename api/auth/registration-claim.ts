/**
 * A registration naming an address that an account holds without ever having confirmed it is not refused, so a
 * stranger who registered someone's address first never locks its owner out. It waits, with the password already
 * hashed, for the link sent to that address: only the address's owner can follow it, and following it makes the new
 * account (its address confirmed) and takes the address from the unconfirmed one, which can no longer sign in.
 */
import { randomUUID } from 'node:crypto';
import { TRIAL_DAYS } from '../../sync/contract/constants';
import type { registerInputSchema, User } from '../../sync/entities/user';
import { CONFIRM_LINK_INVALID_MESSAGE, type PendingRegistration } from '../../sync/entities/account';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import type { Db, Tx } from '../db/database';
import { retireAccountTokens } from '../db/repositories/mail';
import {
  countRegistrationClaimsSince,
  findRegistrationClaim,
  insertRegistrationClaim,
  retireRegistrationClaims,
  useRegistrationClaim,
} from '../db/repositories/registration-claims';
import { deleteSessionsOfUser } from '../db/repositories/sessions';
import { insertOwnTeam } from '../db/repositories/teams';
import { findCredentialsByEmail, insertUser, updateUser } from '../db/repositories/users';
import { linkConfirmedAddress } from '../customers/buyer-links';
import { appLink, sendAccountMail } from '../mail/mail-service';
import { registrationClaimMail } from '../mail/templates/account';
import { hashLinkToken, newLinkToken } from './account-tokens';

const CLAIM_VALID_HOURS = 24;
/** Links one address is sent an hour: enough for a person trying again, too few to flood their inbox. */
const CLAIM_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export const claimSentMessage = (email: string) => `We sent a link to ${email}. Follow it to finish creating your account.`;

/** The account holding `email` without having confirmed it, which a proved registration may take it from; never an admin. */
export async function unconfirmedHolder(db: Db, email: string): Promise<User | null> {
  const holder = (await findCredentialsByEmail(db, email))?.user;
  return holder && !holder.emailConfirmedAt && holder.role !== 'admin' ? holder : null;
}

/** Whether an account other than `exceptUserId` holds the address having proved it (or is an admin): only such a holder keeps it from someone who proves it. */
export async function addressHeldByProof(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const holder = (await findCredentialsByEmail(db, email))?.user;
  return !!holder && holder.id !== exceptUserId && (!!holder.emailConfirmedAt || holder.role === 'admin');
}

/** Keeps the registration and sends its link to the address, at most a few an hour; the answer is the same either way. */
export async function claimAddress(services: Services, fields: ReturnType<typeof registerInputSchema.parse>, passwordHash: string, holder: User): Promise<PendingRegistration> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    if ((await countRegistrationClaimsSince(tx.db, fields.email, new Date(now.getTime() - HOUR_MS))) >= CLAIM_MAILS_PER_HOUR) return;
    const { token, tokenHash } = newLinkToken();
    await retireRegistrationClaims(tx.db, fields.email, now);
    await insertRegistrationClaim(tx.db, {
      tokenHash,
      email: fields.email,
      passwordHash,
      profile: {
        role: fields.role,
        firstName: fields.firstName,
        lastName: fields.lastName,
        businessName: fields.businessName,
        companyName: fields.companyName,
        licenseNumber: fields.licenseNumber,
        phoneNumber: fields.phoneNumber,
        contactInfo: fields.contactInfo,
      },
      expiresAt: new Date(now.getTime() + CLAIM_VALID_HOURS * HOUR_MS),
      createdAt: now,
    });
    const content = registrationClaimMail({
      name: fields.firstName,
      url: appLink(services, `/confirm-email?token=${token}`),
      heldSince: holder.createdAt.slice(0, 10),
      validHours: CLAIM_VALID_HOURS,
    });
    await sendAccountMail(services, tx, { userId: null, email: fields.email }, 'registration-claim', content);
  });
  return { pending: true, email: fields.email, message: claimSentMessage(fields.email) };
}

/** The unconfirmed account gives the address up: it can no longer sign in (its sessions and emailed links end); its rows stay. */
export async function releaseAddress(tx: Tx, holder: User, now: Date): Promise<void> {
  await updateUser(tx.db, holder.id, { email: `released-${holder.id}@released.invalid`, disabledAt: now }, tx.version, now);
  await deleteSessionsOfUser(tx.db, holder.id);
  await retireAccountTokens(tx.db, holder.id, ['password-reset', 'email-change', 'confirm-email'], now);
}

/**
 * Follows a claim's link, in the confirming transaction: makes the account, its address confirmed. Null when the
 * token is no claim's (it may be another link's). An address confirmed meanwhile by the account holding it stays its.
 */
export async function completeClaim(services: Services, tx: Tx, token: string): Promise<{ email: string; message: string } | null> {
  const tokenHash = hashLinkToken(token);
  const claim = await findRegistrationClaim(tx.db, tokenHash);
  if (!claim) return null;
  const now = services.now();
  if (claim.usedAt || claim.expiresAt <= now || !(await useRegistrationClaim(tx.db, tokenHash, now))) throw new AppError('validation', CONFIRM_LINK_INVALID_MESSAGE);
  const current = await findCredentialsByEmail(tx.db, claim.email);
  if (current) {
    const holder = await unconfirmedHolder(tx.db, claim.email);
    if (!holder) throw new AppError('conflict', `The account with ${claim.email} has confirmed it meanwhile. Sign in to it, or reset its password.`);
    await releaseAddress(tx, holder, now);
  }
  const user = await insertUser(
    tx.db,
    {
      id: randomUUID(),
      email: claim.email,
      passwordHash: claim.passwordHash,
      ...claim.profile,
      subscriptionStatus: 'trial',
      trialEndsAt: claim.profile.role === 'seller' ? new Date(now.getTime() + TRIAL_DAYS * 24 * HOUR_MS) : null,
      emailConfirmedAt: now,
    },
    tx.version,
    now,
  );
  await insertOwnTeam(tx.db, user, tx.version, now);
  await linkConfirmedAddress(tx, user);
  return { email: user.email, message: `Your account is ready: sign in with ${user.email} and the password you chose.` };
}
