/** A seller team's Metrc connection (api/db/schema/integrations.ts). */
import { eq } from 'drizzle-orm';
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
