/** Accounts and sessions: register, sign in, sign out, and resolving a token to its live session. */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { TRIAL_DAYS } from '../../sync/contract/constants';
import type { AuthResponse, User } from '../../sync/entities/user';
import { EMAIL_TAKEN_MESSAGE, type PendingRegistration } from '../../sync/entities/account';
import type { registerWithInvitationSchema } from '../../sync/entities/team';
import type { loginInputSchema, registerInputSchema } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Services, Session } from '../context';
import { deleteSession, findSessionUser, insertSession, type SessionUser } from '../db/repositories/sessions';
import { emailTaken, findCredentialsByEmail, findUserById, insertUser, recordSignIn, type NewUser } from '../db/repositories/users';
import { insertOwnTeam } from '../db/repositories/teams';
import { recordFailedAdminSignIn, recordOwnAccountAudit } from '../admin/admin-audit';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { sendWelcome } from '../account/account-service';
import { withOwnTeamBilling } from '../team/team-billing';
import { joinWithToken, invitationProvesAddress } from '../team/team-service';
import { linkConfirmedAddress } from '../customers/buyer-links';
import { claimAddress, releaseAddress, unconfirmedHolder } from './registration-claim';
import { sessionCache } from './session-cache';
import type { TokenClaims } from './tokens';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/auth/register: the account's fields, and the invitation it may join a team with (two schemas, read from one body). */
export type RegisterRequest = z.output<typeof registerInputSchema> & z.output<typeof registerWithInvitationSchema>;

/**
 * A new account, signed in; or, when an account holds the address without having confirmed it, a registration that
 * waits for the link sent to the address (see registration-claim.ts). An invitation to a team sent to the address
 * proves it at once.
 */
export async function register(services: Services, input: RegisterRequest, clientAddress: string, userAgent?: string): Promise<AuthResponse | PendingRegistration> {
  const { inviteToken, ...fields } = input;
  // Counted before the email is checked, so a script cannot tell taken addresses apart any faster than it can register.
  const { quotas } = services;
  const wait = await quotas.take(quotas.perClient(quotas.registrationsPerAddress, clientAddress));
  if (wait > 0) throw new RateLimitedError(`Too many accounts were registered from this address. Please try again in ${waitText(wait)}.`, wait);
  const passwordHash = await hashPassword(fields.password, services.env.passwordHashing);
  const now = services.now();
  const holder = await unconfirmedHolder(services.db.read, fields.email);
  const proved = holder !== null && inviteToken !== undefined && (await invitationProvesAddress(services.db.read, inviteToken, fields.email, now));
  if (holder && !proved) return claimAddress(services, fields, passwordHash, holder);
  // One write: the account and its welcome email (with the link confirming the address) together.
  const user = await services.db.transaction(async (tx) => {
    if (holder) await releaseAddress(tx, holder, now);
    const created = await createUser(services, {
      id: randomUUID(),
      email: fields.email,
      passwordHash,
      firstName: fields.firstName,
      lastName: fields.lastName,
      role: fields.role,
      businessName: fields.businessName,
      companyName: fields.companyName,
      licenseNumber: fields.licenseNumber,
      phoneNumber: fields.phoneNumber,
      contactInfo: fields.contactInfo,
      subscriptionStatus: 'trial',
      trialEndsAt: fields.role === 'seller' ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null,
    });
    if (!inviteToken) {
      await sendWelcome(services, created);
      return created;
    }
    // Joining at once: the account takes the team's kind, and the team's trial or subscription is the one that counts.
    // The invitation's link proved the address, so no welcome asks to confirm it.
    await joinWithToken(services, tx, created, inviteToken);
    return (await findUserById(tx.db, created.id))!;
  });
  return startSession(services, user, userAgent);
}

/** Inserts a user, refusing an email that is taken (case-insensitively). */
export async function createUser(services: Services, user: NewUser): Promise<User> {
  return services.db.transaction(async (tx) => {
    if (await emailTaken(tx.db, user.email)) {
      throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    const created = await insertUser(tx.db, user, tx.version, services.now());
    await insertOwnTeam(tx.db, created, tx.version, services.now());
    // An address links to customer entries only once proved: an account made already confirmed (the seed's) at once.
    if (created.emailConfirmedAt) await linkConfirmedAddress(tx, created);
    return created;
  });
}

export async function login(services: Services, input: z.output<typeof loginInputSchema>, clientAddress: string, userAgent?: string): Promise<AuthResponse> {
  const { email, password } = input;
  const retryAfterMs = await services.throttle.retryAfterMs(email, clientAddress);
  if (retryAfterMs > 0) {
    throw new RateLimitedError(`Too many failed sign-in attempts. Please try again in ${waitText(retryAfterMs)}.`, retryAfterMs);
  }
  const credentials = await findCredentialsByEmail(services.db.read, email);
  const valid = await verifyPassword(credentials?.passwordHash ?? (await decoyPasswordHash(services.env.passwordHashing)), password);
  if (!credentials || !valid) {
    await services.throttle.recordFailure(email, clientAddress);
    if (credentials) await recordFailedAdminSignIn(services, credentials.user, email, clientAddress);
    throw new AppError('unauthenticated', 'Invalid email or password');
  }
  if (credentials.user.disabled) {
    throw new AppError('forbidden', 'This account has been disabled. Please contact support.');
  }
  await services.throttle.recordSuccess(email, clientAddress);
  return startSession(services, credentials.user, userAgent, clientAddress);
}

/** Opens a session and notes the sign-in; an admin's sign-in goes into the audit log with the address it came from. */
export async function startSession(services: Services, user: User, userAgent?: string, clientAddress?: string): Promise<AuthResponse> {
  const sid = randomUUID();
  const now = services.now();
  const expire = new Date(now.getTime() + services.env.SESSION_DAYS * DAY_MS);
  await services.db.transaction(async (tx) => {
    await insertSession(tx.db, { sid, userId: user.id, sess: { userAgent: userAgent ?? null }, expire });
    await recordSignIn(tx.db, user.id, now);
    await recordOwnAccountAudit(tx.db, { at: now, account: user, clientAddress: clientAddress ?? 'unknown', action: 'admin.sign_in' });
  });
  const token = await services.tokens.sign({ userId: user.id, sid }, expire);
  return { token, user: await withOwnTeamBilling(services.db.read, user) };
}

export async function logout(services: Services, sid: string): Promise<void> {
  await services.db.transaction(async (tx) => deleteSession(tx.db, sid));
}

/** The live session behind a token: signature and expiry good, session row present, account enabled. */
export async function authenticateToken(services: Services, token: string): Promise<Session | null> {
  const claims = await services.tokens.verify(token);
  return claims ? sessionOf(services, claims) : null;
}

/** The session a ticket for `audience` was given in (see `TokenSigner.signTicket`), if it still stands. */
export async function authenticateTicket(services: Services, ticket: string, audience: string): Promise<Session | null> {
  const claims = await services.tokens.verifyTicket(ticket, audience);
  return claims ? sessionOf(services, claims) : null;
}

/** A ticket for `audience`, in the session, good for `validForMs`. */
export function ticketFor(services: Services, session: Session, audience: string, validForMs: number): Promise<string> {
  return services.tokens.signTicket({ userId: session.user.id, sid: session.sid }, audience, new Date(services.now().getTime() + validForMs));
}

async function sessionOf(services: Services, claims: TokenClaims): Promise<Session | null> {
  const cache = sessionCache(services.db);
  const now = services.now();
  const kept = cache.get(services.db, claims.sid, claims.userId, now);
  if (kept) return kept;
  // Read before the rows: a commit landing meanwhile moves the clock past it, so what is kept is checked again next time.
  const clock = services.db.committedVersion;
  const found = await findSessionUser(services.db.read, claims.sid, now);
  if (!found || found.user.id !== claims.userId || found.user.disabled) return null;
  const session = await liveSession(services, claims.sid, found);
  if (session) cache.keep(claims.sid, clock, found.expire, now, session);
  return session;
}

async function liveSession(services: Services, sid: string, { user, membership }: SessionUser): Promise<Session | null> {
  if (!membership) return { user, sid, team: { id: user.id, role: 'owner', account: user, sinceVersion: 0 } };
  // The team's account is read afresh once anything was committed: a removed member acts for their own team from the next request.
  const account = membership.teamId === user.id ? user : await findUserById(services.db.read, membership.teamId);
  if (!account) return null;
  return { user, sid, team: { id: membership.teamId, role: membership.role, account, sinceVersion: membership.sinceVersion } };
}
