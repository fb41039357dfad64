/**
 * Which synced collections changed since a screen last read them. Every write of a collection's rows (a pull, the
 * moving window of kept orders) gives it a new revision in the same transaction, so a read of the replica that finds
 * a collection at the revision it last read keeps the rows it has, and a distributor's catalogue is not read again
 * each time an order changes or a sync finds nothing new.
 */
import { COLLECTION_NAMES, type CollectionName } from '../../../sync/contract/collections';
import type { MetaKey, ReplicaDb } from './replica-db';

const revisionKey = (name: CollectionName): MetaKey => `revision:${name}`;

/** Marks the collections as changed; called inside the transaction that changes them. */
export async function markCollectionsChanged(db: ReplicaDb, names: Iterable<CollectionName>): Promise<void> {
  const revision = crypto.randomUUID();
  await db.meta.bulkPut([...new Set(names)].map((name) => ({ key: revisionKey(name), value: revision })));
}

/** Each collection's revision; undefined for one never written since this device began keeping revisions. */
export async function readCollectionRevisions(db: ReplicaDb): Promise<Record<CollectionName, string | undefined>> {
  const rows = await db.meta.bulkGet(COLLECTION_NAMES.map(revisionKey));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, rows[index]?.value as string | undefined])) as Record<CollectionName, string | undefined>;
}
