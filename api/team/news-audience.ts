/**
 * Who may hear a piece of a team's news (an email, a push), asked when it is queued and again when it is sent, since a
 * member may be removed, made a rep or lose a customer in between: the one rule is `hearsOf` in
 * `sync/rules/team-permissions.ts`.
 */
import { hearsOf } from '../../sync/rules/team-permissions';
import type { Db } from '../db/database';
import { findCustomerOfSeller } from '../db/repositories/customers';
import { membershipsOf } from '../db/repositories/teams';

/** Whose business the news is: a team's, and of one customer in that team's book when `customerId` is a string. */
export type NewsScope = { teamId: string; customerId?: string | null };

/** The `customerId` of a customer's business whose entry left the book: no rep looks after it, so only owners and managers hear. */
export const ENTRY_GONE = '';

/** What `hearsOf` needs of the scope: the team, and the rep of its customer now (null: none), or no customer at all. */
export async function newsOf(db: Db, scope: NewsScope): Promise<{ teamId: string; customerRep?: string | null }> {
  if (typeof scope.customerId !== 'string') return { teamId: scope.teamId };
  // A customer taken out of the book has no rep: only owners and managers still hear of its orders.
  return { teamId: scope.teamId, customerRep: (await findCustomerOfSeller(db, scope.teamId, scope.customerId))?.repUserId ?? null };
}

/** Of `userIds`, those who may hear news of `scope` now. */
export async function mayHear(db: Db, userIds: string[], scope: NewsScope): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [memberships, news] = [await membershipsOf(db, userIds), await newsOf(db, scope)];
  return new Set(userIds.filter((userId) => hearsOf(memberships.get(userId) ?? null, userId, news)));
}
