/** Teams, their members and their invitations. A team's id is the id of its founding account (see `teams` in the schema). */
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamInvitation, TeamKind, TeamMember, TeamRole } from '../../../sync/entities/team';
import { displayName } from '../../../sync/entities/user-display';
import type { Db } from '../database';
import { teamInvitations, teamMembers, teams, users } from '../schema';

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

/** An account's own one-member team, of its kind, named after its business or company name, else its email. */
export async function insertOwnTeam(
  db: Db,
  account: { id: string; role: string; email: string; businessName?: string | null; companyName?: string | null },
  version: number,
  now: Date,
): Promise<void> {
  if (account.role !== 'seller' && account.role !== 'buyer') return;
  const name = account.businessName?.trim() || account.companyName?.trim() || account.email;
  await db.insert(teams).values({ id: account.id, kind: account.role, name, createdAt: now }).run();
  await db.insert(teamMembers).values({ teamId: account.id, userId: account.id, role: 'owner', createdAt: now, sinceVersion: version }).run();
}

/** The team's name follows its account's business or company name; an account with neither keeps the name it has. */
export async function renameTeamAfter(db: Db, account: { id: string; businessName: string | null; companyName: string | null }): Promise<void> {
  const name = account.businessName?.trim() || account.companyName?.trim();
  if (name) await db.update(teams).set({ name }).where(eq(teams.id, account.id)).run();
}

export async function findTeam(db: Db, teamId: string): Promise<TeamRow | null> {
  return (await db.select().from(teams).where(eq(teams.id, teamId)).get()) ?? null;
}

export async function findMembership(db: Db, userId: string): Promise<{ teamId: string; role: TeamRole } | null> {
  return (await db.select({ teamId: teamMembers.teamId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, userId)).get()) ?? null;
}

/** The teams these people are members of now, with their roles, by person (someone in no team is left out). */
export async function membershipsOf(db: Db, userIds: string[]): Promise<Map<string, { teamId: string; role: TeamRole }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(inArray(teamMembers.userId, [...new Set(userIds)]))
    .all();
  return new Map(rows.map(({ userId, ...membership }) => [userId, membership]));
}

export async function listMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(users.id))
    .all();
  return rows.map((row) => ({ userId: row.userId, email: row.email, name: displayName(row), role: row.role }));
}

export async function countMembers(db: Db, teamId: string, role?: TeamRole): Promise<number> {
  const where = role ? and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, role)) : eq(teamMembers.teamId, teamId);
  return (await db.select({ n: count() }).from(teamMembers).where(where).get())?.n ?? 0;
}

/** `version`: the change clock of the joining transaction (see `sinceVersion`). */
export async function insertMember(db: Db, member: { teamId: string; userId: string; role: TeamRole }, version: number, now: Date): Promise<void> {
  await db
    .insert(teamMembers)
    .values({ ...member, createdAt: now, sinceVersion: version })
    .run();
}

/** A new role sees other rows (a rep only their own customers): `version` makes the member's devices pull everything again. */
export async function setMemberRole(db: Db, teamId: string, userId: string, role: TeamRole, version: number): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role, sinceVersion: version })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .run();
}

export async function deleteMember(db: Db, teamId: string, userId: string): Promise<void> {
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .run();
}

/** Drops a team with everything it owns but its account row: used only for a person's own empty team when they join another. */
export async function setTeamKind(db: Db, teamId: string, kind: TeamKind): Promise<void> {
  await db.update(teams).set({ kind }).where(eq(teams.id, teamId)).run();
}

export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId)).run();
}

const pending = (now: Date) => and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export async function listPendingInvitations(db: Db, teamId: string, now: Date): Promise<TeamInvitation[]> {
  const rows = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id))
    .all();
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() }));
}

export async function countPendingInvitations(db: Db, teamId: string, now: Date): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
        .get()
    )?.n ?? 0
  );
}

export async function findPendingInvitationByEmail(db: Db, teamId: string, email: string, now: Date): Promise<InvitationRow | null> {
  const row = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), sql`lower(${teamInvitations.email}) = ${email.toLowerCase()}`, pending(now)))
    .get();
  return row ?? null;
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | null> {
  return (await db.select().from(teamInvitations).where(eq(teamInvitations.id, id)).get()) ?? null;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  return (await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).get()) ?? null;
}

export async function insertInvitation(db: Db, invitation: Omit<typeof teamInvitations.$inferInsert, 'acceptedAt' | 'revokedAt'>): Promise<void> {
  await db.insert(teamInvitations).values(invitation).run();
}

export async function renewInvitation(db: Db, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(teamInvitations).set({ tokenHash, expiresAt }).where(eq(teamInvitations.id, id)).run();
}

export async function revokeInvitation(db: Db, id: string, now: Date): Promise<void> {
  await db.update(teamInvitations).set({ revokedAt: now }).where(eq(teamInvitations.id, id)).run();
}

/** Marks the invitation used, only if it still was pending: false when another request used it first. */
export async function acceptInvitation(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(teamInvitations.id, id), pending(now)))
    .run();
  return result.changes === 1;
}

/**
 * Holds the team's row until the transaction ends, so member and seat changes of one team happen one at a time
 * (SQLite runs one write transaction at a time anyway; on PostgreSQL the update takes the row's lock).
 */
export async function lockTeam(db: Db, teamId: string): Promise<void> {
  await db
    .update(teams)
    .set({ name: sql`${teams.name}` })
    .where(eq(teams.id, teamId))
    .run();
}
