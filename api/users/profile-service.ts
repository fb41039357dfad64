/** A user changing their own profile and their team's business profile (PUT /api/auth/user and the sync mutation profile.update). */
import { TRIAL_DAYS } from '../../sync/contract/constants';
import type { profileUpdateSchema } from '../../sync/entities/user';
import { BUSINESS_FIELDS, businessNameProblem, type BusinessField, type User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { BUSINESS_PROFILE_MESSAGE, can } from '../../sync/rules/team-permissions';
import type { z } from 'zod';
import { checkEmailChange, startEmailChange } from '../account/email-change';
import type { Services, TeamSession } from '../context';
import { renameTeamAfter } from '../db/repositories/teams';
import { updateUser, type UserChanges } from '../db/repositories/users';
import { assertOwnUpload } from '../photos/own-upload';
import { withTeamBilling } from '../team/team-billing';
import { followRoleChange } from '../team/team-kind';

const DAY_MS = 24 * 60 * 60 * 1000;

const isBusinessField = (field: string): field is BusinessField => (BUSINESS_FIELDS as readonly string[]).includes(field);

/**
 * Saves the fields given. The person's own (name, photo) go to their row; the business's go to the team's account,
 * which every member and the public menus show, and only an owner or a manager changes them. A new email is never
 * written here: with the current password it starts the confirmed change that Account settings starts, and without
 * it (or with a wrong one) nothing of the call is saved. A profile or cover image is one of the team's uploads.
 * Answers the person as their screens see them.
 */
export async function updateProfile(
  services: Services,
  user: User,
  input: z.output<typeof profileUpdateSchema>,
  team: Pick<TeamSession, 'id' | 'role' | 'account'>,
): Promise<User> {
  const fields = input;
  const { role, email, currentPassword, ...rest } = fields;
  const given = Object.entries(rest).filter(([, value]) => value !== undefined);
  const changes: UserChanges = Object.fromEntries(given.filter(([field]) => !isBusinessField(field)));
  // A member's form sends the business fields it shows as they were: only a real change asks for the right to make it.
  const business: UserChanges = Object.fromEntries(given.filter(([field, value]) => isBusinessField(field) && value !== team.account[field]));
  const editsBusiness = can(team.role, 'business.edit');
  if (Object.keys(business).length > 0 && !editsBusiness) throw new AppError('forbidden', BUSINESS_PROFILE_MESSAGE);
  const founder = team.id === user.id;
  const nameProblem = editsBusiness ? businessNameProblem(fields, founder ? (role ?? user.role) : team.account.role, team.account.businessName) : null;
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
    await assertOwnUpload(tx.db, team.id, 'profileImageUrl', 'Profile image URL', changes.profileImageUrl);
    await assertOwnUpload(tx.db, team.id, 'menuCoverUrl', 'Menu cover image', business.menuCoverUrl);
    if (newEmail) await startEmailChange(services, tx, user, newEmail);
    if (changes.role) await followRoleChange(tx, user, changes.role, services.now());
    const person = await updateUser(tx.db, user.id, founder ? { ...changes, ...business } : changes, tx.version, services.now());
    const account = founder ? person : Object.keys(business).length ? await updateUser(tx.db, team.id, business, tx.version, services.now()) : team.account;
    if ('businessName' in business || 'companyName' in business) await renameTeamAfter(tx.db, account);
    return withTeamBilling(person, account);
  });
}
