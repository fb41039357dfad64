/** A user changing their own profile (PUT /api/auth/user and the sync mutation profile.update). */
import { TRIAL_DAYS } from '../../sync/constants';
import { businessNameProblem, profileUpdateSchema, type User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import { checkEmailChange, startEmailChange } from '../account/email-change';
import type { Services } from '../context';
import { updateUser, type UserChanges } from '../db/repositories/users';
import { assertOwnUpload } from '../photos/own-upload';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Saves the fields given. A new email is never written here: with the current
 * password it starts the confirmed change that Account settings starts, and
 * without it (or with a wrong one) nothing of the call is saved. A profile or
 * cover image is one of the uploads of the person's team (`teamId`).
 */
export async function updateProfile(services: Services, user: User, input: unknown, teamId: string): Promise<User> {
  const fields = parseOrThrow(profileUpdateSchema, input);
  const { role, email, currentPassword, ...rest } = fields;
  const changes: UserChanges = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  // The name on the team's menus is the founding account's: a member who joined keeps no business name of their own.
  const nameProblem = teamId === user.id ? businessNameProblem(fields, role ?? user.role) : null;
  if (nameProblem) throw new AppError('validation', nameProblem.businessName, nameProblem);

  if (role !== undefined && role !== user.role) {
    if (role === 'admin') throw new AppError('forbidden', 'You cannot make yourself an admin', { role: 'Choose seller or buyer' });
    if (user.role === 'admin') throw new AppError('forbidden', 'An admin account cannot change its own role');
    changes.role = role;
    // A buyer who becomes a seller starts the seller trial once.
    if (role === 'seller' && !user.trialEndsAt) {
      changes.trialEndsAt = new Date(services.now().getTime() + TRIAL_DAYS * DAY_MS);
    }
  }

  const newEmail = email !== undefined && email !== user.email ? email : null;
  if (newEmail) await checkEmailChange(services, user, currentPassword);

  return services.db.transaction(async (tx) => {
    await assertOwnUpload(tx.db, teamId, 'profileImageUrl', 'Profile image URL', changes.profileImageUrl);
    await assertOwnUpload(tx.db, teamId, 'menuCoverUrl', 'Menu cover image', changes.menuCoverUrl);
    if (newEmail) await startEmailChange(services, tx, user, newEmail);
    return updateUser(tx.db, user.id, changes, tx.version, services.now());
  });
}
