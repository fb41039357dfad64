/** Accounts and sessions: register, sign in, sign out, and resolving a token to its live session. */
import { randomUUID } from 'node:crypto';
import { TRIAL_DAYS } from '../../sync/constants';
import type { AuthResponse, User } from '../../sync/entities/user';
import { loginInputSchema, registerInputSchema } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import type { Services, Session } from '../context';
import {
  emailTaken,
  findCredentialsByEmail,
  findSessionUser,
  deleteSession,
  insertSession,
  insertUser,
  type NewUser,
} from '../db/repositories/users';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';

const DAY_MS = 24 * 60 * 60 * 1000;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export async function register(services: Services, input: unknown, userAgent?: string): Promise<AuthResponse> {
  const fields = parseOrThrow(registerInputSchema, input);
  const passwordHash = await hashPassword(fields.password);
  const now = services.now();
  const user = await createUser(services, {
    id: randomUUID(),
    email: fields.email,
    passwordHash,
    firstName: fields.firstName,
    lastName: fields.lastName,
    role: fields.role,
    subscriptionStatus: 'trial',
    trialEndsAt: fields.role === 'seller' ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null,
  });
  return startSession(services, user, userAgent);
}

/** Inserts a user, refusing an email that is taken (case-insensitively). */
export async function createUser(services: Services, user: NewUser): Promise<User> {
  return services.db.transaction(async (tx) => {
    if (await emailTaken(tx.db, user.email)) {
      throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    return insertUser(tx.db, user, tx.version, services.now());
  });
}

export async function login(
  services: Services,
  input: unknown,
  clientAddress: string,
  userAgent?: string,
): Promise<AuthResponse> {
  const { email, password } = parseOrThrow(loginInputSchema, input);
  const retryAfterMs = services.throttle.retryAfterMs(email, clientAddress);
  if (retryAfterMs > 0) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    throw new AppError(
      'rate_limited',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  const credentials = await findCredentialsByEmail(services.db.read, email);
  const valid = await verifyPassword(credentials?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!credentials || !valid) {
    services.throttle.recordFailure(email, clientAddress);
    throw new AppError('unauthenticated', 'Invalid email or password');
  }
  if (credentials.user.disabled) {
    throw new AppError('forbidden', 'This account has been disabled. Please contact support.');
  }
  services.throttle.recordSuccess(email);
  return startSession(services, credentials.user, userAgent);
}

export async function startSession(services: Services, user: User, userAgent?: string): Promise<AuthResponse> {
  const sid = randomUUID();
  const expire = new Date(services.now().getTime() + services.env.SESSION_DAYS * DAY_MS);
  await services.db.transaction(async (tx) =>
    insertSession(tx.db, { sid, userId: user.id, sess: { userAgent: userAgent ?? null }, expire }),
  );
  const token = await services.tokens.sign({ userId: user.id, sid }, expire);
  return { token, user };
}

export async function logout(services: Services, sid: string): Promise<void> {
  await services.db.transaction(async (tx) => deleteSession(tx.db, sid));
}

/** The live session behind a token: signature and expiry good, session row present, account enabled. */
export async function authenticateToken(services: Services, token: string): Promise<Session | null> {
  const claims = await services.tokens.verify(token);
  if (!claims) return null;
  const user = await findSessionUser(services.db.read, claims.sid, services.now());
  if (!user || user.id !== claims.userId || user.disabled) return null;
  return { user, sid: claims.sid };
}
