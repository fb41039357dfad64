/**
 * Changing a member's role (owners) and removing a member (owners and managers); a team always keeps an owner. A member
 * removed or made a rep hands over the customers they look after in the same transaction, to another member the owner
 * chooses or to nobody (the default), so no one outside the book's rules keeps hearing of those customers.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { changeMemberRoleInputSchema, removeMemberInputSchema, TeamKind, TeamMember } from '../../sync/entities/team';
import { AppError } from '../../sync/contract/errors';
import { handsOverCustomers, NOT_OWNER_MESSAGE, rolesOf } from '../../sync/rules/team-permissions';
import type { Services, TeamSession } from '../context';
import type { Tx } from '../db/database';
import { countMembers, deleteMember, findTeam, insertOwnTeam, listMembers, lockTeam, setMemberRole } from '../db/repositories/teams';
import { TAKEOVER_LINKS } from '../auth/account-tokens';
import { anonymiseTeamAnchor } from '../db/repositories/account';
import { handOverCustomers } from '../db/repositories/customers';
import { retireAccountTokens } from '../db/repositories/mail';
import { findCredentialsByEmail, findUserById, insertUser } from '../db/repositories/users';
import { assertMay } from './team-service';

export const MEMBER_NOT_FOUND = 'Member not found';
export const LAST_OWNER_MESSAGE = 'A team needs an owner: make another member owner first';
export const UNKNOWN_SUCCESSOR = 'Choose another member of the team to look after their customers';
export const REASSIGN_ONLY_WHEN_HANDING_OVER = 'Customers are handed over only when a member is removed or made a rep';

/** The team a change is made in, and the member who makes it. */
export type MemberChange = { team: TeamSession; by: string };

/** Who takes over the customers: nobody, or a member of the team other than `leaving`. */
async function successor(tx: Tx, team: TeamSession, reassignTo: string | null | undefined, leaving: string | null): Promise<string | null> {
  if (!reassignTo) return null;
  if (reassignTo === leaving || !(await listMembers(tx.db, team.id)).some((member) => member.userId === reassignTo)) {
    throw new AppError('validation', UNKNOWN_SUCCESSOR, { reassignTo: UNKNOWN_SUCCESSOR });
  }
  return reassignTo;
}

/** The customers `userId` looks after go to `to` (or nobody), in the caller's transaction. */
async function handOver(services: Services, tx: Tx, team: TeamSession, userId: string, to: string | null, by: string): Promise<void> {
  if (to !== userId) await handOverCustomers(tx.db, team.id, userId, to, by, tx.version, services.now());
}

async function memberOfTeam(tx: Tx, team: TeamSession, userId: string): Promise<TeamMember> {
  const member = (await listMembers(tx.db, team.id)).find((candidate) => candidate.userId === userId);
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return member;
}

/** Handing ownership over is making another member owner; the former owner may then step down to manager. */
export async function changeMemberRole(services: Services, { team, by }: MemberChange, userId: string, input: z.output<typeof changeMemberRoleInputSchema>): Promise<TeamMember> {
  assertMay(team, 'members.roles', NOT_OWNER_MESSAGE);
  const { role, reassignTo } = input;
  return services.db.transaction(async (tx) => {
    await lockTeam(tx.db, team.id);
    const member = await memberOfTeam(tx, team, userId);
    const kind = (await findTeam(tx.db, team.id))!.kind;
    if (!rolesOf(kind).includes(role)) {
      const message = 'A buyer team has owners and managers only';
      throw new AppError('validation', message, { role: message });
    }
    if (member.role === 'owner' && role !== 'owner' && (await countMembers(tx.db, team.id, 'owner')) === 1) {
      throw new AppError('conflict', LAST_OWNER_MESSAGE);
    }
    const handsOver = handsOverCustomers(member.role, role);
    if (!handsOver && reassignTo) throw new AppError('validation', REASSIGN_ONLY_WHEN_HANDING_OVER, { reassignTo: REASSIGN_ONLY_WHEN_HANDING_OVER });
    if (role !== member.role) await setMemberRole(tx.db, team.id, userId, role, tx.version);
    // Made a rep, they may keep their customers only when the owner names them again.
    if (handsOver) await handOver(services, tx, team, userId, await successor(tx, team, reassignTo, null), by);
    return { ...member, role };
  });
}

/**
 * The removed member loses the team's data on their next request (their session now resolves to a team of their own,
 * empty) and their devices drop it on their next pull. The founding account's row anchors the team's rows and stays:
 * its person moves out instead (see `moveFounderOut`).
 */
export async function removeMember(services: Services, { team, by }: MemberChange, userId: string, input: z.output<typeof removeMemberInputSchema>): Promise<void> {
  assertMay(team, 'members.manage');
  const { reassignTo } = input;
  await services.db.transaction(async (tx) => {
    await lockTeam(tx.db, team.id);
    const member = await memberOfTeam(tx, team, userId);
    if (member.role === 'owner' && team.role !== 'owner') throw new AppError('forbidden', 'Only an owner can remove an owner');
    if (member.role === 'owner' && (await countMembers(tx.db, team.id, 'owner')) === 1) throw new AppError('conflict', LAST_OWNER_MESSAGE);
    await handOver(services, tx, team, userId, await successor(tx, team, reassignTo, userId), by);
    await deleteMember(tx.db, team.id, userId);
    if (userId === team.id) return moveFounderOut(services, tx, userId, (await findTeam(tx.db, team.id))!.kind);
    const person = (await findUserById(tx.db, userId))!;
    await insertOwnTeam(tx.db, person, tx.version, services.now());
  });
}

/**
 * The team's id is its founder's user id, so the founder cannot take that row along: their login (email, password,
 * name) moves to a new account that owns a fresh one-member team of the same kind, and the old row stays as the
 * team's anchor, emptied of the person as when a founder closes their account. Their sessions end: they sign in again
 * into the new team, on a device database of its own. The team's trial is not theirs to take again.
 */
async function moveFounderOut(services: Services, tx: Tx, founderId: string, kind: TeamKind): Promise<void> {
  const now = services.now();
  const founder = (await findUserById(tx.db, founderId))!;
  const { passwordHash } = (await findCredentialsByEmail(tx.db, founder.email))!;
  await retireAccountTokens(tx.db, founderId, TAKEOVER_LINKS, now);
  await anonymiseTeamAnchor(tx.db, founderId, tx.version, now);
  const moved = await insertUser(
    tx.db,
    {
      id: randomUUID(),
      email: founder.email,
      passwordHash,
      firstName: founder.firstName,
      lastName: founder.lastName,
      role: kind,
      subscriptionStatus: 'trial',
      trialEndsAt: founder.trialEndsAt ? new Date(founder.trialEndsAt) : null,
      emailConfirmedAt: founder.emailConfirmedAt ? new Date(founder.emailConfirmedAt) : null,
    },
    tx.version,
    now,
  );
  await insertOwnTeam(tx.db, moved, tx.version, now);
}
