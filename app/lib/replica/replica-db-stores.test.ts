/** The device's replica database has a table for every synced collection, with the indexes the registry gives it. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../sync/contract/collections';
import { ReplicaDb } from './replica-db';

describe('the replica database', () => {
  it("keeps each collection in a table keyed by id with the collection's device index", async () => {
    const db = new ReplicaDb('00000000-0000-4000-8000-00000000c011');
    await db.open();
    try {
      for (const name of COLLECTION_NAMES) {
        const { schema } = db.table(name);
        const declared = [schema.primKey.src, ...schema.indexes.map((index) => index.src)].join(', ');
        expect({ name, declared }).toEqual({ name, declared: COLLECTIONS[name].deviceIndex });
      }
    } finally {
      await db.delete();
    }
  });
});
