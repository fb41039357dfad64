/**
 * A team's kind (seller or buyer) is its members' account role: a person whose role changes (their own switch in the
 * profile, an admin's change) takes their team along when they are its only member, and cannot change it while others
 * share the team, whose catalogue or orders are of its kind.
 */
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Tx } from '../db/database';
import { countMembers, deleteTeam, findMembership, insertOwnTeam, setTeamKind } from '../db/repositories/teams';
import { updateUser } from '../db/repositories/users';

export const SHARED_TEAM_ROLE_MESSAGE = 'A member of a team with other members cannot switch between seller, buyer and admin: leave the team first';

/** Keeps the person's team consistent with `role`, in the transaction that changes it; refuses (409) for a shared team. */
export async function followRoleChange(tx: Tx, person: User, role: User['role'], now: Date): Promise<void> {
  const membership = await findMembership(tx.db, person.id);
  if (!membership) {
    // An admin made a seller or a buyer gets the one-member team every account of theirs has.
    if (role !== 'admin') await insertOwnTeam(tx.db, { ...person, role }, tx.version, now);
    return;
  }
  if ((await countMembers(tx.db, membership.teamId)) > 1) throw new AppError('conflict', SHARED_TEAM_ROLE_MESSAGE);
  if (role === 'admin') return deleteTeam(tx.db, membership.teamId);
  await setTeamKind(tx.db, membership.teamId, role);
  // Alone in a team they did not found, the person takes its account along: its role is the kind its data is read as.
  if (membership.teamId !== person.id) await updateUser(tx.db, membership.teamId, { role }, tx.version, now);
}
