/** Sync bookkeeping in SQLite: devices' processed sequences, refusals, the change clock and tombstones. */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { EntityType } from '../../../sync/contract/collections';
import type { Db } from '../database';
import { preparedPerConnection } from '../prepared';
import { syncClients, syncClock, syncClockMarks, syncRefusals, tombstones } from '../schema';
import { greatest } from '../sql-dialect';

export type SyncClient = { clientId: string; userId: string; lastSeq: number };

/** Asked by every push and pull. */
const syncClientById = preparedPerConnection((db) =>
  db
    .select()
    .from(syncClients)
    .where(eq(syncClients.clientId, sql.placeholder('clientId')))
    .prepare(),
);

export async function findSyncClient(db: Db, clientId: string): Promise<SyncClient | null> {
  const row = await syncClientById(db).get({ clientId });
  return row ? { clientId: row.clientId, userId: row.userId, lastSeq: row.lastSeq } : null;
}

export async function saveSyncClient(db: Db, client: SyncClient, now: Date): Promise<void> {
  await db
    .insert(syncClients)
    .values({ ...client, updatedAt: now })
    .onConflictDoUpdate({ target: syncClients.clientId, set: { lastSeq: client.lastSeq, updatedAt: now } })
    .run();
}

/** How many of the user's device ids pushed after `since`, and when the least recent of those last did. */
export async function recentSyncClients(db: Db, userId: string, since: Date): Promise<{ count: number; oldestAt: Date | null }> {
  const row = await db
    .select({ count: sql<number>`count(*)`, oldestAt: sql<number | null>`min(${syncClients.updatedAt})` })
    .from(syncClients)
    .where(and(eq(syncClients.userId, userId), gt(syncClients.updatedAt, since)))
    .get();
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt == null ? null : new Date(row.oldestAt) };
}

export async function insertRefusal(db: Db, refusal: { clientId: string; seq: number; name: string; reason: string; message: string }, now: Date): Promise<void> {
  await db
    .insert(syncRefusals)
    .values({ ...refusal, createdAt: now })
    .onConflictDoNothing()
    .run();
}

/** Refusals already recorded for these sequences of a device, by sequence. */
export async function findRefusals(db: Db, clientId: string, seqs: number[]): Promise<Map<number, { reason: string; message: string }>> {
  if (seqs.length === 0) return new Map();
  const rows = await db
    .select()
    .from(syncRefusals)
    .where(and(eq(syncRefusals.clientId, clientId), inArray(syncRefusals.seq, seqs)))
    .all();
  return new Map(rows.map((row) => [row.seq, { reason: row.reason, message: row.message }]));
}

/** The change clock's committed value: every row a pull has not yet sent has a higher version. */
export async function readClock(db: Db): Promise<number> {
  return (await db.select({ version: syncClock.version }).from(syncClock).where(eq(syncClock.id, 1)).get())?.version ?? 0;
}

export async function tombstonesSince(db: Db, userId: string, cursor: number): Promise<Array<{ entity: EntityType; id: string }>> {
  return (await db
    .select({ entity: tombstones.entity, id: tombstones.entityId })
    .from(tombstones)
    .where(and(eq(tombstones.userId, userId), gt(tombstones.version, cursor)))
    .orderBy(asc(tombstones.version))
    .all()) as Array<{ entity: EntityType; id: string }>;
}

/** Notes the change clock's value at `at`, so later retention knows which versions are older than a given age. */
export async function markClock(db: Db, at: Date): Promise<void> {
  await db
    .insert(syncClockMarks)
    .values({ at, version: await readClock(db) })
    .onConflictDoNothing()
    .run();
}

/**
 * Deletes the tombstones older than `before` (those at or below the clock's
 * value at the newest mark made by then) and raises the watermark that makes
 * a device with an older cursor download everything again. Marks used up go.
 */
export async function pruneTombstones(db: Db, before: Date): Promise<void> {
  const mark = await db.select({ version: syncClockMarks.version }).from(syncClockMarks).where(lte(syncClockMarks.at, before)).orderBy(desc(syncClockMarks.at)).limit(1).get();
  if (!mark) return;
  await db.delete(tombstones).where(lte(tombstones.version, mark.version)).run();
  await db
    .update(syncClock)
    .set({ tombstonesPrunedThrough: greatest(db, syncClock.tombstonesPrunedThrough, sql`${mark.version}`) })
    .where(eq(syncClock.id, 1))
    .run();
  await db.delete(syncClockMarks).where(lte(syncClockMarks.at, before)).run();
}

/** A cursor at or below this version may have missed a pruned deletion. */
/** The change clock and the watermark below which deletions were pruned, as a pull reads them: one row, one query. */
export async function readPullClock(db: Db): Promise<{ version: number; prunedThrough: number }> {
  const row = await db.select({ version: syncClock.version, prunedThrough: syncClock.tombstonesPrunedThrough }).from(syncClock).where(eq(syncClock.id, 1)).get();
  return row ?? { version: 0, prunedThrough: 0 };
}
