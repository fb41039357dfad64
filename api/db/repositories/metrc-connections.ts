/** A seller team's Metrc connection (api/db/schema/integrations.ts). */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../database';
import { metrcConnections } from '../schema';

export type MetrcConnectionRow = typeof metrcConnections.$inferSelect;

export async function findMetrcConnection(db: Db, teamId: string): Promise<MetrcConnectionRow | undefined> {
  return db.select().from(metrcConnections).where(eq(metrcConnections.teamId, teamId)).get();
}

/** Connecting again replaces the team's connection: one facility per team. */
export async function saveMetrcConnection(db: Db, row: MetrcConnectionRow): Promise<void> {
  const { teamId, ...fields } = row;
  await db.insert(metrcConnections).values(row).onConflictDoUpdate({ target: metrcConnections.teamId, set: fields }).run();
}

export async function deleteMetrcConnection(db: Db, teamId: string): Promise<void> {
  await db.delete(metrcConnections).where(eq(metrcConnections.teamId, teamId)).run();
}

/** Teams whose packages were last read before `before` (or never), to read again. */
export async function metrcConnectionsToRead(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ teamId: metrcConnections.teamId })
    .from(metrcConnections)
    .where(or(isNull(metrcConnections.packagesReadAt), lt(metrcConnections.packagesReadAt, before)))
    .all();
  return rows.map((row) => row.teamId);
}

/** Holds the team's package read for this process until `until`; false when another holds it. */
export async function claimMetrcRead(db: Db, teamId: string, now: Date, until: Date): Promise<boolean> {
  const result = await db
    .update(metrcConnections)
    .set({ readClaimedUntil: until })
    .where(and(eq(metrcConnections.teamId, teamId), or(isNull(metrcConnections.readClaimedUntil), lt(metrcConnections.readClaimedUntil, now))))
    .run();
  return result.changes === 1;
}

/** How the read ended: until when the copy has Metrc's changes, or why it failed (the copy stays as it was). */
export async function finishMetrcRead(db: Db, teamId: string, outcome: { readAt: Date } | { failure: string; at: Date }): Promise<void> {
  const set = 'readAt' in outcome ? { packagesReadAt: outcome.readAt, readFailure: null, readFailedAt: null } : { readFailure: outcome.failure, readFailedAt: outcome.at };
  await db
    .update(metrcConnections)
    .set({ ...set, readClaimedUntil: null })
    .where(eq(metrcConnections.teamId, teamId))
    .run();
}
