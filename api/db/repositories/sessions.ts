/** Signed-in sessions: opened, resolved to their live user, and ended. */
import { and, eq, gt, gte, ne, sql } from 'drizzle-orm';
import type { TeamRole } from '../../../sync/entities/team';
import type { User } from '../../../sync/entities/user';
import type { Db } from '../database';
import { preparedPerConnection } from '../prepared';
import { sessions, teamMembers, users } from '../schema';
import { toUser } from './users';

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session).run();
}

/** Asked by a signed-in request whose session is not kept (see `auth/session-cache.ts`). Placeholders reach SQLite as given: the expiry is stored in milliseconds. */
const sessionUser = preparedPerConnection((db) =>
  db
    .select({ user: users, expire: sessions.expire, teamId: teamMembers.teamId, role: teamMembers.role, sinceVersion: teamMembers.sinceVersion })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('nowMs'))))
    .prepare(),
);

export type SessionUser = { user: User; expire: Date; membership: { teamId: string; role: TeamRole; sinceVersion: number } | null };

/** The session's user, its expiry and their team membership (none for an admin) when the session exists and has not expired. */
export async function findSessionUser(db: Db, sid: string, now: Date): Promise<SessionUser | null> {
  const row = await sessionUser(db).get({ sid, nowMs: now.getTime() });
  if (!row) return null;
  return {
    user: toUser(row.user),
    expire: row.expire,
    membership: row.teamId && row.role ? { teamId: row.teamId, role: row.role, sinceVersion: Number(row.sinceVersion ?? 0) } : null,
  };
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** Ends every session of the user, but `keepSid` when given (the device that made the change). */
export async function deleteSessionsOfUser(db: Db, userId: string, keepSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId))
    .run();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(gte(sql`${now.getTime()}`, sessions.expire))
    .run();
}
