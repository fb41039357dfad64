/**
 * Which synced collections changed since a screen last read them, and which of their rows. Every write of a
 * collection's rows (a pull, a page of one, the moving window of kept orders) gives it a new revision in the same
 * transaction, with the ids it wrote or deleted kept in a short log. A read of the replica that finds a collection at
 * the revision it last read keeps the rows it has; one a few revisions behind reads only the rows those revisions
 * touched, so a page of a first pull or a changed order costs what it changed, not a distributor's whole catalogue.
 */
import { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName } from '../../../sync/contract/collections';
import type { MetaKey, ReplicaDb } from './replica-db';

const revisionKey = (name: CollectionName): MetaKey => `revision:${name}`;
const changesKey = (name: CollectionName): MetaKey => `changes:${name}`;

/** How many revisions a collection's log remembers, and how many ids one of them lists before it says "any". */
const LOGGED_REVISIONS = 8;
const LOGGED_IDS = 2_000;

/** One write of a collection: its revision and the rows it touched (null: any of them). */
const changeSchema = z.object({ revision: z.string(), ids: z.array(z.string()).nullable() });
const logSchema = z.array(changeSchema);
type Change = z.infer<typeof changeSchema>;

/** What a write touched, by collection: the ids written or deleted, or null when it may have touched any (a table cleared). */
export type TouchedRows = Map<CollectionName, Iterable<string> | null>;

/** Records the writes as new revisions; called inside the transaction that makes them. */
export async function markCollectionsChanged(db: ReplicaDb, touched: TouchedRows): Promise<void> {
  const names = [...touched.keys()];
  if (names.length === 0) return;
  const logs = await Promise.all(names.map((name) => readLog(db, name)));
  const revision = crypto.randomUUID();
  await db.meta.bulkPut(
    names.flatMap((name, index) => {
      const touchedIds = touched.get(name);
      const ids = touchedIds ? [...new Set(touchedIds)] : null;
      const change: Change = { revision, ids: ids && ids.length <= LOGGED_IDS ? ids : null };
      const log = [...logs[index]!, change].slice(-LOGGED_REVISIONS);
      return [
        { key: revisionKey(name), value: revision },
        { key: changesKey(name), value: JSON.stringify(log) },
      ];
    }),
  );
}

/** Adds ids (or "any", null) to what a write touched in a collection; no ids, no change. */
export function touch(touched: TouchedRows, name: CollectionName, ids: Iterable<string> | null): void {
  const before = touched.get(name);
  if (before === null) return;
  if (ids === null) return void touched.set(name, null);
  const added = [...ids];
  if (added.length > 0) touched.set(name, [...(before ?? []), ...added]);
}

/** Each collection's revision; undefined for one never written since this device began keeping revisions. */
export async function readCollectionRevisions(db: ReplicaDb): Promise<Record<CollectionName, string | undefined>> {
  const rows = await db.meta.bulkGet(COLLECTION_NAMES.map(revisionKey));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, rows[index]?.value as string | undefined])) as Record<CollectionName, string | undefined>;
}

/** The rows of a collection touched by the revisions after `since`, or null when the log cannot tell (too far behind, or a write that touched any). */
export async function rowsTouchedSince(db: ReplicaDb, name: CollectionName, since: string): Promise<Set<string> | null> {
  const log = await readLog(db, name);
  const from = log.findIndex((change) => change.revision === since);
  if (from < 0) return null;
  const ids = new Set<string>();
  for (const change of log.slice(from + 1)) {
    if (change.ids === null) return null;
    for (const id of change.ids) ids.add(id);
  }
  return ids;
}

async function readLog(db: ReplicaDb, name: CollectionName): Promise<Change[]> {
  const value = (await db.meta.get(changesKey(name)))?.value;
  if (typeof value !== 'string') return [];
  try {
    const log = logSchema.safeParse(JSON.parse(value));
    return log.success ? log.data : [];
  } catch {
    // An unreadable log only means the next read takes the whole collection.
    return [];
  }
}
