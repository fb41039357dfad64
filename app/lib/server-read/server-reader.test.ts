/**
 * A screen's read from the server: what it shows while loading, after an
 * answer, a failure and a retry; that late answers never reach a screen that
 * moved on; and that a kept answer lives in the signed-in person's own
 * database, shows offline with its age, and is never shown to anyone else.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptReadsOf, ReplicaDb, replicaName } from '../replica/replica-db';
import type { KeptRead, KeptReads } from './kept-reads';
import { ServerReader, type ReadRequest, type ServerReadState } from './server-reader';

const figuresSchema = z.object({ views: z.number() });
type Figures = z.infer<typeof figuresSchema>;

const ALICE = '00000000-0000-4000-8000-00000000a11c';
const BOB = '00000000-0000-4000-8000-000000000b0b';
const FIRST_VISIT = new Date('2025-03-01T10:00:00.000Z');
const SECOND_VISIT = new Date('2025-03-02T10:00:00.000Z');

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The reader's state once it satisfies `done` (at once when it already does). */
function stateWhen<T>(reader: ServerReader<T>, done: (state: ServerReadState<T>) => boolean): Promise<ServerReadState<T>> {
  return new Promise((resolve) => {
    if (done(reader.getSnapshot())) return resolve(reader.getSnapshot());
    const stop = reader.subscribe(() => {
      if (!done(reader.getSnapshot())) return;
      stop();
      resolve(reader.getSnapshot());
    });
  });
}

/** Lets every answer already given reach the reader. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function memoryReads(userId: string): KeptReads & { rows: Map<string, KeptRead> } {
  const rows = new Map<string, KeptRead>();
  return { userId, rows, get: async (key) => rows.get(key), put: async (read) => rows.set(read.key, read) };
}

const request = <T>(key: string, fetch: () => Promise<T>, more: Partial<ReadRequest<T>> = {}): ReadRequest<T> => ({ key, fetch, ask: true, keep: null, ...more });

describe('a read from the server', () => {
  it('is loading until the answer comes, then shows it as fresh', async () => {
    const answer = deferred<Figures>();
    const reader = new ServerReader<Figures>(() => FIRST_VISIT);
    reader.show(request('figures', () => answer.promise));
    expect(reader.getSnapshot()).toMatchObject({ identity: 'figures', loading: true, data: undefined, error: null });

    answer.resolve({ views: 3 });
    const shown = await stateWhen(reader, (state) => !state.loading);
    expect(shown).toMatchObject({ data: { views: 3 }, fresh: true, fetchedAt: FIRST_VISIT.toISOString(), error: null });
  });

  it('says why it failed, and a retry asks again and shows the answer', async () => {
    const answers = [deferred<Figures>(), deferred<Figures>()];
    let asked = 0;
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', () => answers[asked++]!.promise));
    const failure = new Error('503: busy');
    answers[0]!.reject(failure);
    expect(await stateWhen(reader, (state) => !state.loading)).toMatchObject({ data: undefined, error: failure });

    reader.retry();
    expect(reader.getSnapshot()).toMatchObject({ loading: true, error: null });
    answers[1]!.resolve({ views: 5 });
    expect(await stateWhen(reader, (state) => !state.loading)).toMatchObject({ data: { views: 5 }, error: null });
    expect(asked).toBe(2);
  });

  it('drops the answer for a key the screen has moved on from, even when it comes last', async () => {
    const first = deferred<Figures>();
    const second = deferred<Figures>();
    const reader = new ServerReader<Figures>();
    reader.show(request('figures-7', () => first.promise));
    reader.show(request('figures-30', () => second.promise));
    second.resolve({ views: 30 });
    await stateWhen(reader, (state) => !state.loading);
    first.resolve({ views: 7 });
    await settle();
    expect(reader.getSnapshot()).toMatchObject({ identity: 'figures-30', data: { views: 30 } });
  });

  it('asks again when the screen says what it reads may have changed, showing the last answer meanwhile', async () => {
    const answers = [deferred<Figures>(), deferred<Figures>()];
    let asked = 0;
    const reader = new ServerReader<Figures>();
    const fetch = () => answers[asked++]!.promise;
    reader.show(request('figures', fetch, { refresh: 0 }));
    answers[0]!.resolve({ views: 1 });
    await stateWhen(reader, (state) => state.data !== undefined);

    reader.show(request('figures', fetch, { refresh: 0 }));
    expect(asked).toBe(1);
    reader.show(request('figures', fetch, { refresh: 1 }));
    expect(asked).toBe(2);
    expect(reader.getSnapshot()).toMatchObject({ data: { views: 1 }, loading: false });
    answers[1]!.resolve({ views: 2 });
    expect(await stateWhen(reader, (state) => state.data?.views === 2)).toMatchObject({ fresh: true });
  });

  it('shows what a write answered at once, until the next answer replaces it', async () => {
    let views = 1;
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', async () => ({ views })));
    await stateWhen(reader, (state) => state.data !== undefined);

    reader.replace((current) => ({ views: current.views + 10 }));
    expect(reader.getSnapshot().data).toEqual({ views: 11 });
    views = 3;
    reader.retry();
    expect(await stateWhen(reader, (state) => state.data?.views !== 11)).toMatchObject({ data: { views: 3 } });
  });

  it('has nothing to replace before the first answer', () => {
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', () => new Promise<Figures>(() => undefined)));
    reader.replace(() => ({ views: 5 }));
    expect(reader.getSnapshot()).toMatchObject({ data: undefined, loading: true });
  });

  it('tells nobody of an answer that comes after the screen went away', async () => {
    const answer = deferred<Figures>();
    const reader = new ServerReader<Figures>();
    let told = 0;
    reader.subscribe(() => told++);
    reader.show(request('figures', () => answer.promise));
    const toldBefore = told;
    reader.close();
    answer.resolve({ views: 1 });
    await settle();
    expect(told).toBe(toldBefore);
    expect(reader.getSnapshot().data).toBeUndefined();
  });

  it('asks nothing while offline and asks when the connection returns', async () => {
    let asked = 0;
    const reader = new ServerReader<Figures>();
    const fetch = async () => ({ views: ++asked });
    reader.show(request('figures', fetch, { ask: false }));
    await settle();
    expect(asked).toBe(0);
    expect(reader.getSnapshot()).toMatchObject({ loading: false, data: undefined, error: null });

    reader.show(request('figures', fetch, { ask: true }));
    expect(await stateWhen(reader, (state) => state.data !== undefined)).toMatchObject({ data: { views: 1 }, fresh: true });
  });

  it('drops an answer still on its way when the connection goes', async () => {
    const answer = deferred<Figures>();
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', () => answer.promise));
    reader.show(request('figures', () => answer.promise, { ask: false }));
    answer.resolve({ views: 9 });
    await settle();
    expect(reader.getSnapshot()).toMatchObject({ loading: false, data: undefined });
  });

  it('forgets why it failed once the connection goes, since no answer can come', async () => {
    const reader = new ServerReader<Figures>();
    const fetch = () => Promise.reject(new Error('The network is not available'));
    reader.show(request('figures', fetch));
    await stateWhen(reader, (state) => state.error !== null);
    reader.show(request('figures', fetch, { ask: false }));
    expect(reader.getSnapshot()).toMatchObject({ loading: false, data: undefined, error: null });
  });
});

describe('a read kept offline', () => {
  afterEach(async () => {
    await Dexie.delete(replicaName(ALICE));
    await Dexie.delete(replicaName(BOB));
  });

  const keepIn = (reads: KeptReads | null, owner = reads?.userId ?? ALICE) => ({ owner, reads, schema: figuresSchema });

  it("keeps the answer in the person's own database and shows it offline with when it was fetched", async () => {
    const db = new ReplicaDb(ALICE);
    try {
      const online = new ServerReader<Figures>(() => FIRST_VISIT);
      online.show(request('figures', async () => ({ views: 4 }), { keep: keepIn(keptReadsOf(db)) }));
      await stateWhen(online, (state) => state.fresh);
      await settle();
      expect(await db.serverReads.get('figures')).toEqual({ key: 'figures', value: { views: 4 }, savedAt: FIRST_VISIT.toISOString() });

      const offline = new ServerReader<Figures>(() => SECOND_VISIT);
      offline.show(request('figures', async () => ({ views: 0 }), { ask: false, keep: keepIn(keptReadsOf(db)) }));
      expect(offline.getSnapshot().loading).toBe(true);
      const shown = await stateWhen(offline, (state) => !state.loading);
      expect(shown).toMatchObject({ data: { views: 4 }, fresh: false, fetchedAt: FIRST_VISIT.toISOString() });
    } finally {
      db.close();
    }
  });

  it('shows another person none of it: their own database has no copy', async () => {
    const alice = new ReplicaDb(ALICE);
    const bob = new ReplicaDb(BOB);
    try {
      const hers = new ServerReader<Figures>();
      hers.show(request('figures', async () => ({ views: 4 }), { keep: keepIn(keptReadsOf(alice)) }));
      await stateWhen(hers, (state) => state.fresh);
      await settle();

      const his = new ServerReader<Figures>();
      his.show(request('figures', async () => ({ views: 0 }), { ask: false, keep: keepIn(keptReadsOf(bob)) }));
      expect(await stateWhen(his, (state) => !state.loading)).toMatchObject({ data: undefined });
      expect(await bob.serverReads.count()).toBe(0);
    } finally {
      alice.close();
      bob.close();
    }
  });

  it('waits for the database to open, and keeps an answer that came before it did', async () => {
    const reads = memoryReads(ALICE);
    const reader = new ServerReader<Figures>(() => FIRST_VISIT);
    const fetch = async () => ({ views: 2 });
    reader.show(request('figures', fetch, { ask: false, keep: keepIn(null, ALICE) }));
    await settle();
    expect(reader.getSnapshot().loading).toBe(true);

    reader.show(request('figures', fetch, { ask: true, keep: keepIn(null, ALICE) }));
    await stateWhen(reader, (state) => state.fresh);
    reader.show(request('figures', fetch, { ask: true, keep: keepIn(reads) }));
    await settle();
    expect(reads.rows.get('figures')).toEqual({ key: 'figures', value: { views: 2 }, savedAt: FIRST_VISIT.toISOString() });
  });

  it('shows no copy that no longer has the shape the screen needs', async () => {
    const reads = memoryReads(ALICE);
    await reads.put({ key: 'figures', value: { views: 'many' }, savedAt: FIRST_VISIT.toISOString() });
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', async () => ({ views: 0 }), { ask: false, keep: keepIn(reads) }));
    expect(await stateWhen(reader, (state) => !state.loading)).toMatchObject({ data: undefined, error: null });
  });

  it('shows the copy while the server is asked, and the answer once it comes', async () => {
    const reads = memoryReads(ALICE);
    await reads.put({ key: 'figures', value: { views: 1 }, savedAt: FIRST_VISIT.toISOString() });
    const answer = deferred<Figures>();
    const reader = new ServerReader<Figures>(() => SECOND_VISIT);
    reader.show(request('figures', () => answer.promise, { keep: keepIn(reads) }));
    expect(await stateWhen(reader, (state) => !state.loading)).toMatchObject({ data: { views: 1 }, fresh: false });

    answer.resolve({ views: 6 });
    expect(await stateWhen(reader, (state) => state.fresh)).toMatchObject({ data: { views: 6 }, fetchedAt: SECOND_VISIT.toISOString() });
    await settle();
    expect(reads.rows.get('figures')?.value).toEqual({ views: 6 });
  });

  it('keeps showing the copy when the server fails, and says why', async () => {
    const reads = memoryReads(ALICE);
    await reads.put({ key: 'figures', value: { views: 1 }, savedAt: FIRST_VISIT.toISOString() });
    const failure = new Error('500: broken');
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', () => Promise.reject(failure), { keep: keepIn(reads) }));
    const shown = await stateWhen(reader, (state) => state.error !== null && state.data !== undefined);
    expect(shown).toMatchObject({ data: { views: 1 }, fresh: false, error: failure, loading: false });
  });

  it('never lets a copy found late replace the answer', async () => {
    const lookup = deferred<KeptRead | undefined>();
    const reads: KeptReads = { userId: ALICE, get: () => lookup.promise, put: async () => undefined };
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', async () => ({ views: 8 }), { keep: keepIn(reads) }));
    await stateWhen(reader, (state) => state.fresh);
    lookup.resolve({ key: 'figures', value: { views: 1 }, savedAt: FIRST_VISIT.toISOString() });
    await settle();
    expect(reader.getSnapshot()).toMatchObject({ data: { views: 8 }, fresh: true });
  });

  it("starts over when another person signs in, showing nothing of the last one's", async () => {
    const alices = memoryReads(ALICE);
    const bobs = memoryReads(BOB);
    await alices.put({ key: 'figures', value: { views: 4 }, savedAt: FIRST_VISIT.toISOString() });
    const reader = new ServerReader<Figures>();
    reader.show(request('figures', async () => ({ views: 4 }), { ask: false, keep: keepIn(alices) }));
    await stateWhen(reader, (state) => state.data !== undefined);

    reader.show(request('figures', async () => ({ views: 0 }), { ask: false, keep: keepIn(bobs) }));
    expect(reader.getSnapshot()).toMatchObject({ identity: `${BOB}/figures`, data: undefined });
    expect(await stateWhen(reader, (state) => !state.loading)).toMatchObject({ data: undefined });
  });
});
