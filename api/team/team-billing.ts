/**
 * Billing and the business profile are per team: a member's devices and screens see the team's subscription, trial
 * and business fields as theirs, with their own name, photo and email.
 */
import { BUSINESS_FIELDS, type User } from '../../sync/entities/user';
import type { Db } from '../db/database';
import { findMembership } from '../db/repositories/teams';
import { findUserById } from '../db/repositories/users';

/** The person as their screens see them: their own name and photo, with the subscription, trial and business of their team's account. */
export function withTeamBilling(person: User, account: User): User {
  if (person.id === account.id) return person;
  const business = Object.fromEntries(BUSINESS_FIELDS.map((field) => [field, account[field]]));
  return { ...person, ...business, subscriptionStatus: account.subscriptionStatus, trialEndsAt: account.trialEndsAt, pastDueSince: account.pastDueSince };
}

/** `withTeamBilling` for a person whose team is not resolved yet (at sign-in). */
export async function withOwnTeamBilling(db: Db, person: User): Promise<User> {
  const membership = await findMembership(db, person.id);
  if (!membership || membership.teamId === person.id) return person;
  const account = await findUserById(db, membership.teamId);
  return account ? withTeamBilling(person, account) : person;
}
