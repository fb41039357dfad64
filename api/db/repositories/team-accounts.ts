/**
 * The accounts the admin counts and lists: one per business. A team's founding account holds its business, trial and
 * subscription, so its other members (managers, reps) are listed under it and never counted as businesses of their own.
 */
import { inArray, sql } from 'drizzle-orm';
import type { TeamMemberRow } from '../../../sync/entities/admin';
import type { Db } from '../database';
import { teamMembers, users } from '../schema';

/** The account founded its team, or belongs to none: the `team_members_user` index answers it per row. */
export const isBusinessAccount = sql`NOT EXISTS (SELECT 1 FROM team_members joined WHERE joined.user_id = ${users.id} AND joined.team_id <> ${users.id})`;

/** How many accounts belong to a team they did not found. */
export const joinedMemberCount = sql<number>`(SELECT count(*) FROM team_members WHERE team_id <> user_id)`;

/** The members of each of `teamIds` (their founders included), founders first, then by when they joined. */
export async function membersOfTeams(db: Db, teamIds: string[]): Promise<Map<string, TeamMemberRow[]>> {
  const byTeam = new Map<string, TeamMemberRow[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      teamRole: teamMembers.role,
      disabled: sql<number>`CASE WHEN ${users.disabledAt} IS NULL THEN 0 ELSE 1 END`,
    })
    .from(teamMembers)
    .innerJoin(users, sql`${users.id} = ${teamMembers.userId}`)
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(sql`CASE WHEN ${teamMembers.userId} = ${teamMembers.teamId} THEN 0 ELSE 1 END`, teamMembers.createdAt, users.email)
    .all();
  for (const { teamId, disabled, ...member } of rows) {
    const members = byTeam.get(teamId) ?? [];
    members.push({ ...member, disabled: Number(disabled) === 1 });
    byTeam.set(teamId, members);
  }
  return byTeam;
}
