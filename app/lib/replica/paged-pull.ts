/**
 * A pull from nothing that comes in pages (sync/contract/protocol.ts, step 2), as the device goes through it: the next
 * page to ask for, how many rows of each large collection have come of how many, and the ids every page named. Kept in
 * the replica's meta, written in the same transaction as each page's rows, so a dropped connection or a closed tab
 * resumes at the next page with nothing lost or doubled; the rows the pages never named are what the server no longer
 * has, and leave with the last page.
 */
import { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName } from '../../../sync/contract/collections';
import type { PullResponse } from '../../../sync/contract/protocol';
import type { ReplicaDb } from './replica-db';

const countsSchema = z.partialRecord(z.enum(COLLECTION_NAMES), z.number().int().nonnegative());
const progressSchema = z.object({ page: z.string().min(1), received: countsSchema, totals: countsSchema });
const seenSchema = z.partialRecord(z.enum(COLLECTION_NAMES), z.array(z.string()));

/** Where the device is in a paged pull: the next page, and for each large collection the rows come and due. */
export type PagedPullProgress = z.infer<typeof progressSchema>;

async function readJson<T>(db: ReplicaDb, key: 'pagedPull' | 'pagedPullSeen', schema: z.ZodType<T>): Promise<T | null> {
  const value = (await db.meta.get(key))?.value;
  if (typeof value !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    // A record this device cannot read is as good as none: the pull starts again from nothing.
    return null;
  }
}

/** The paged pull under way on this device, or null. Small: a screen may read it with every change. */
export const readPagedPull = (db: ReplicaDb) => readJson(db, 'pagedPull', progressSchema);

/**
 * Stores one page's place in the pull: after the first (`first`), on top of what earlier pages recorded. Returns the ids
 * every page so far named, by collection.
 */
export async function recordPage(db: ReplicaDb, pull: PullResponse, first: boolean): Promise<Map<CollectionName, Set<string>>> {
  const before = first ? null : await readPagedPull(db);
  const seenBefore = first ? {} : ((await readJson(db, 'pagedPullSeen', seenSchema)) ?? {});
  const seen = new Map(COLLECTION_NAMES.map((name) => [name, new Set([...(seenBefore[name] ?? []), ...pull[name].map((row) => row.id)])]));
  if (pull.nextPage === undefined) {
    await forgetPagedPull(db);
    return seen;
  }
  const received = Object.fromEntries(Object.keys(pull.totals ?? {}).map((name) => [name, (before?.received[name as CollectionName] ?? 0) + pull[name as CollectionName].length]));
  const progress: PagedPullProgress = { page: pull.nextPage, received, totals: pull.totals ?? {} };
  await db.meta.bulkPut([
    { key: 'pagedPull', value: JSON.stringify(progress) },
    { key: 'pagedPullSeen', value: JSON.stringify(Object.fromEntries([...seen].map(([name, ids]) => [name, [...ids]]))) },
  ]);
  return seen;
}

/** A pull that came whole in one answer leaves no paged pull under way (one given up, its page refused, included). */
export async function forgetPagedPull(db: ReplicaDb): Promise<void> {
  await db.meta.bulkDelete(['pagedPull', 'pagedPullSeen']);
}

/** After the last page: each collection's rows that no page named, by collection. */
export async function dropRowsNotSeen(db: ReplicaDb, seen: Map<CollectionName, Set<string>>): Promise<Map<CollectionName, string[]>> {
  const dropped = new Map<CollectionName, string[]>();
  for (const name of COLLECTION_NAMES) {
    const kept = seen.get(name) ?? new Set();
    const gone = ((await db.table(name).toCollection().primaryKeys()) as string[]).filter((id) => !kept.has(id));
    if (gone.length === 0) continue;
    await db.table(name).bulkDelete(gone);
    dropped.set(name, gone);
  }
  return dropped;
}
