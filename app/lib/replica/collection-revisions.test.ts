/** The log of what each write touched (collection-revisions.ts), on fake-indexeddb. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { markCollectionsChanged, readCollectionRevisions, rowsTouchedSince } from './collection-revisions';
import { ReplicaDb } from './replica-db';

const opened: ReplicaDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function replica(): ReplicaDb {
  const db = new ReplicaDb(`revisions-${opened.length}`);
  opened.push(db);
  return db;
}

async function write(db: ReplicaDb, ids: string[] | null): Promise<string> {
  await db.transaction('rw', db.meta, () => markCollectionsChanged(db, new Map([['orders', ids]])));
  return (await readCollectionRevisions(db)).orders!;
}

describe('what each write of a collection touched', () => {
  it('names the rows written since a revision, across several writes', async () => {
    const db = replica();
    const first = await write(db, ['a']);
    await write(db, ['b', 'c']);
    await write(db, ['c', 'd']);
    expect(await rowsTouchedSince(db, 'orders', first)).toEqual(new Set(['b', 'c', 'd']));
  });

  it('cannot tell after a write that touched any row, or from a revision older than the log remembers', async () => {
    const db = replica();
    const beforeClear = await write(db, ['a']);
    const cleared = await write(db, null);
    await write(db, ['b']);
    expect(await rowsTouchedSince(db, 'orders', beforeClear)).toBeNull();
    expect(await rowsTouchedSince(db, 'orders', cleared)).toEqual(new Set(['b']));
    for (let n = 0; n < 10; n++) await write(db, [`row-${n}`]);
    expect(await rowsTouchedSince(db, 'orders', cleared)).toBeNull();
  });
});
