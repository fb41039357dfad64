/** The re-check of the password before a change that could hand the account to someone else. */
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import { findCredentialsByEmail } from '../db/repositories/users';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { verifyPassword } from './password';

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';

/** Refuses the request, naming `field`, unless `password` is the account's current one. */
export async function requirePassword(services: Services, user: User, password: string, field: string): Promise<void> {
  const wait = await services.quotas.take({ window: services.quotas.passwordChecksPerAccount, key: user.id });
  if (wait > 0) throw new RateLimitedError(`Too many password checks: try again in ${waitText(wait)}.`, wait);
  const credentials = await findCredentialsByEmail(services.db.read, user.email);
  if (!credentials || credentials.user.id !== user.id || !(await verifyPassword(credentials.passwordHash, password))) {
    throw new AppError('validation', WRONG_PASSWORD_MESSAGE, { [field]: WRONG_PASSWORD_MESSAGE });
  }
}
