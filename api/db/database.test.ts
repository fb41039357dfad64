/** The database's contract, on whichever engine the suite runs (SQLite, or PostgreSQL under `npm run test:postgres`). */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Db } from './database';
import { syncClock } from './schema';

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

const clock = async () => (await t.services.db.read.select().from(syncClock).where(eq(syncClock.id, 1)).get())!.version;

describe('transactions', () => {
  it('stamp each commit with the next clock value, and leave it as it was when they throw', async () => {
    const before = await clock();
    const version = await t.services.db.transaction(async (tx) => tx.version);
    expect(version).toBe(before + 1);
    await expect(t.services.db.transaction(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await clock()).toBe(before + 1);
    expect(t.services.db.committedVersion).toBe(before + 1);
  });

  it('make one started inside another a part of it, which rolls back alone', async () => {
    const outer = await t.services.db.transaction(async (tx) => {
      await expect(
        t.services.db.transaction(async (inner) => {
          expect(inner.version).toBe(tx.version);
          await inner.db.update(syncClock).set({ tombstonesPrunedThrough: 99 }).where(eq(syncClock.id, 1)).run();
          throw new Error('this part is refused');
        }),
      ).rejects.toThrow('this part is refused');
      return (await tx.db.select().from(syncClock).get())!.tombstonesPrunedThrough;
    });
    expect(outer).not.toBe(99);
  });

  it('undo only the refused one of two nested at once, keeping what the enclosing one writes after it', async () => {
    const setPruned = (db: Db, value: number) => db.update(syncClock).set({ tombstonesPrunedThrough: value }).where(eq(syncClock.id, 1)).run();
    await t.services.db.transaction(async (tx) => {
      await setPruned(tx.db, 1);
      await t.services.db.transaction(async (mutation) => {
        // The domain's own transaction inside a push's savepoint, before the savepoint ran anything.
        await expect(
          t.services.db.transaction(async (domain) => {
            await setPruned(domain.db, 2);
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect((await mutation.db.select().from(syncClock).get())!.tombstonesPrunedThrough).toBe(1);
        await setPruned(mutation.db, 3);
      });
    });
    expect((await t.services.db.read.select().from(syncClock).get())!.tombstonesPrunedThrough).toBe(3);
  });

  it('never report a commit that did not keep the writes, even when the work carried on past a failed query', async () => {
    const setPruned = (db: Db, value: number) => db.update(syncClock).set({ tombstonesPrunedThrough: value }).where(eq(syncClock.id, 1)).run();
    const outcome = await t.services.db
      .transaction(async (tx) => {
        await setPruned(tx.db, 7);
        // PostgreSQL gives up the whole transaction at a failed statement; SQLite keeps what came before it.
        await Promise.resolve()
          .then(() => tx.db.run(sql`SELECT * FROM "no_such_table"`))
          .catch(() => undefined);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    const kept = (await t.services.db.read.select().from(syncClock).get())!.tombstonesPrunedThrough === 7;
    expect(kept).toBe(outcome === 'committed');
  });

  it('let work left running after one ended (a timer it set) start its own, not join the one that is over', async () => {
    let ended!: () => void;
    const firstEnded = new Promise<void>((resolve) => (ended = resolve));
    let later!: Promise<number>;
    const first = await t.services.db.transaction(async (tx) => {
      // The timer's work begins once the transaction has ended, however slowly it commits.
      later = new Promise((resolve, reject) =>
        setTimeout(() => {
          void firstEnded.then(() => t.services.db.transaction(async (own) => own.version)).then(resolve, reject);
        }, 0),
      );
      return tx.version;
    });
    ended();
    expect(await later).toBe(first + 1);
  });
});

describe('readSnapshot', () => {
  it('sees the data as of one commit, even when a write commits between two of its reads', async () => {
    const before = await clock();
    const [seen, seenAgain] = await t.services.db.readSnapshot(async () => {
      const first = await clock();
      await t.services.db.transaction(async () => undefined);
      return [first, await clock()];
    });
    expect(seen).toBe(before);
    expect(seenAgain).toBe(before);
    expect(await clock()).toBe(before + 1);
  });

  it('lets a read left running after it ended see the latest commit, not a later snapshot', async () => {
    // The left-over read starts on a signal given while a later snapshot is open, after a commit: no timers racing.
    let startLeftOver!: () => void;
    const laterSnapshotIsOpen = new Promise<void>((resolve) => (startLeftOver = resolve));
    let leftRunning!: Promise<number>;
    await t.services.db.readSnapshot(async () => {
      leftRunning = laterSnapshotIsOpen.then(clock);
    });
    const before = await clock();
    await t.services.db.readSnapshot(async () => {
      await clock();
      await t.services.db.transaction(async () => undefined);
      startLeftOver();
      await leftRunning;
    });
    expect(await leftRunning).toBe(before + 1);
  });
});
