/**
 * The change clock on PostgreSQL under concurrent writers. A pull hands out
 * "everything after version N"; the classic trap is a clock taken from a
 * sequence: a slow transaction takes N+1, a fast one takes N+2 and commits
 * first, a pull then moves its cursor to N+2, and the slow row (N+1)
 * commits behind the cursor and is never pulled. Here every write
 * transaction bumps the one clock row first and holds that row's lock until
 * it commits, so transactions commit in clock order: no value is handed out
 * while a smaller one can still commit. The test interleaves a slow and a
 * fast writer with a puller, against this clock and against a sequence.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { migratePostgres } from './migrate-postgres';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test settles when a step has happened. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describeWithPostgres('the change clock on PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    postgres = await freshPostgresDatabase();
    const setup = await connect();
    await migratePostgres(setup);
    await setup.query(`INSERT INTO "users" ("id", "email", "password_hash", "role", "created_at", "updated_at") VALUES ('seller', 's@example.com', 'x', 'seller', 0, 0)`);
    await setup.query('CREATE SEQUENCE "trap_clock"');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await postgres.drop();
  });

  /** A writer: takes a clock value, writes a product stamped with it, says it has, and commits once `commit` settles. */
  const write = async (client: pg.Client, id: string, takeVersion: string, { tookVersion = () => {}, commit = Promise.resolve() } = {}) => {
    await client.query('BEGIN');
    const { rows } = await client.query<{ version: string }>(takeVersion);
    await client.query(`INSERT INTO "products" ("id", "user_id", "strain_name", "version", "created_at", "updated_at") VALUES ($1, 'seller', $1, $2, 0, 0)`, [
      id,
      rows[0]!.version,
    ]);
    tookVersion();
    await commit;
    await client.query('COMMIT');
  };

  /**
   * Pulls "every product after the cursor" in one snapshot until `done`, moving the cursor to the newest version seen;
   * tells `onSeen` of each id as it first sees it, and returns the ids it saw.
   */
  const pullUntil = async (client: pg.Client, prefix: string, done: () => boolean, onSeen: (id: string) => void) => {
    const seen = new Set<string>();
    let cursor = 0;
    for (let last = false; !last;) {
      last = done();
      const { rows } = await client.query<{ id: string; version: string }>('SELECT "id", "version" FROM "products" WHERE "version" > $1 AND "id" LIKE $2', [cursor, `${prefix}-%`]);
      for (const row of rows) {
        if (!seen.has(row.id)) onSeen(row.id);
        seen.add(row.id);
        cursor = Math.max(cursor, Number(row.version));
      }
      await pause(10);
    }
    return seen;
  };

  /** Resolves once the session `pid` waits for a lock another transaction holds, or when `stop` says to give up. */
  const waitsForALock = async (watcher: pg.Client, pid: number, stop: () => boolean) => {
    while (!stop()) {
      const { rows } = await watcher.query<{ wait_event_type: string | null }>('SELECT "wait_event_type" FROM "pg_stat_activity" WHERE "pid" = $1', [pid]);
      if (rows[0]?.wait_event_type === 'Lock') return;
      await pause(10);
    }
  };

  /**
   * The slow writer takes its clock value first; the fast one then takes its own; the slow one commits only once the
   * fast one has committed and been pulled, or waits for the slow one's lock. Ordered by those signals, not by timers.
   */
  const interleave = async (prefix: string, takeVersion: string) => {
    const [slow, fast, puller, watcher] = [await connect(), await connect(), await connect(), await connect()];
    const { rows } = await fast.query<{ pid: number }>('SELECT pg_backend_pid() AS "pid"');
    let finished = false;
    let fastPulled = false;
    const slowTook = signal();
    const slowMayCommit = signal();
    const fastSeen = signal();
    const pulled = pullUntil(
      puller,
      prefix,
      () => finished,
      (id) => id === `${prefix}-fast` && fastSeen.resolve(),
    );
    const slowWriter = write(slow, `${prefix}-slow`, takeVersion, { tookVersion: slowTook.resolve, commit: slowMayCommit.promise });
    await slowTook.promise;
    const fastWriter = write(fast, `${prefix}-fast`, takeVersion);
    await Promise.race([fastSeen.promise.then(() => (fastPulled = true)), waitsForALock(watcher, rows[0]!.pid, () => fastPulled)]);
    slowMayCommit.resolve();
    await Promise.all([slowWriter, fastWriter]);
    finished = true;
    return pulled;
  };

  it('never lets a pull skip a slow writer: the clock row makes writers commit in clock order', async () => {
    const seen = await interleave('row-clock', 'UPDATE "sync_clock" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version"');
    expect([...seen].sort()).toEqual(['row-clock-fast', 'row-clock-slow']);
  });

  it('would skip the slow writer with a sequence for a clock (the trap this design avoids)', async () => {
    const seen = await interleave('sequence', `SELECT nextval('"trap_clock"') AS "version"`);
    expect([...seen]).toEqual(['sequence-fast']);
  });
});
