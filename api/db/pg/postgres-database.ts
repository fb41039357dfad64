/**
 * The database on PostgreSQL (DATABASE_URL), with the same surface as the
 * embedded SQLite one, for many API processes sharing one database.
 *
 * Change clock: every write transaction first bumps the one `sync_clock` row
 * and holds that row's lock until it commits, so write transactions commit
 * in clock order, across every process. A pull reads the clock and the rows
 * after its cursor in one REPEATABLE READ snapshot: every row stamped with a
 * value up to the clock it saw had committed when the snapshot was taken, so
 * a cursor never moves past a row that commits later (the trap of clocks
 * taken from a sequence; `change-clock.test.ts` proves both).
 *
 * Queries of a transaction or a snapshot run on its own pooled client, found
 * through AsyncLocalStorage, so the domain's code is the same as on SQLite.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { KnowsCommits } from '../commit-notices';
import type { Database, Db, Readiness, Tx } from '../database';
import { SerialQueue } from '../serial-queue';
import { markPostgres } from '../sql-dialect';
import { asRequestError, isStorageFull, rootMessage } from '../storage-errors';
import { migratePostgres } from './migrate-postgres';
import { LeasedClient } from './leased-client';
import { pgTypes, postgresDrizzle, type Queryable } from './postgres-drizzle';

/** How long a write waits for the clock row another transaction holds before it fails as busy (as SQLite's write lock). */
export const CLOCK_LOCK_WAIT_MS = 5000;
/** How long a health check waits for an answer before it calls the database unreachable. */
const PING_TIMEOUT_MS = 2000;
const POOL_SIZE = 10;

/**
 * Every connection: a dead peer is noticed by TCP keepalives, a connection
 * that cannot be made fails after 5 s, and a session left idle inside a
 * transaction (its process hung or cut off) is ended by the server after
 * 30 s, so it cannot hold the clock row's lock for long.
 */
function connectionSettings(url: string): pg.PoolConfig {
  return { connectionString: url, types: pgTypes, keepAlive: true, connectionTimeoutMillis: 5000, idle_in_transaction_session_timeout: 30_000 };
}

export type PostgresOptions = {
  /** Runs before the first query (a test cloning its database, say); migrations run after it. */
  prepare?: () => Promise<void>;
  poolSize?: number;
};

export class PostgresDatabase extends KnowsCommits implements Database {
  readonly read: Db;
  private readonly pool: pg.Pool;
  private readonly pinger: pg.Pool;
  private readonly prepare: (() => Promise<void>) | undefined;
  private opening: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private readonly lease = new AsyncLocalStorage<LeasedClient>();
  /** The transaction the running work is part of; work it left running after it ended (a mail sent later, say) starts its own. */
  private readonly current = new AsyncLocalStorage<{ tx: Tx; lease: LeasedClient }>();
  /** One write transaction of this process at a time: all wait for the clock row anyway, and queued here they hold no pooled client meanwhile. */
  private readonly writes = new SerialQueue();

  private constructor(url: string, options: PostgresOptions) {
    super();
    // Pipelined: a transaction's queries go out without waiting for the answers before them (see LeasedClient).
    this.pool = new pg.Pool({ ...connectionSettings(url), max: options.poolSize ?? POOL_SIZE, pipeline: true });
    // Its own connection, so that a pool busy with long pulls never makes a healthy process look unreachable.
    this.pinger = new pg.Pool({ ...connectionSettings(url), max: 1 });
    this.pinger.on('error', () => undefined);
    // An idle client that loses its server (a restart, a failover) is dropped from the pool; the next query opens a new one.
    this.pool.on('error', (error) => console.error('A pooled PostgreSQL connection failed', error.message));
    this.read = postgresDrizzle(() => this.clientForQuery());
    markPostgres(this.read);
    this.prepare = options.prepare;
  }

  /** Connects lazily: the first query waits for the migrations (safe beside other processes: they take an advisory lock). */
  static open(url: string, options: PostgresOptions = {}): PostgresDatabase {
    return new PostgresDatabase(url, options);
  }

  /** Resolves once the database is reachable and migrated; rejects with why not, and the next call tries again. */
  opened(): Promise<void> {
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async open(): Promise<void> {
    await this.prepare?.();
    const client = await this.pool.connect();
    try {
      await migratePostgres(client);
      const { rows } = await client.query<{ version: number }>('SELECT "version" FROM "sync_clock" WHERE "id" = 1');
      this.commits.learn(rows[0]?.version ?? 0);
    } finally {
      client.release();
    }
  }

  private async clientForQuery(): Promise<Queryable> {
    await this.opened();
    const lease = this.lease.getStore();
    return lease?.open ? lease.queryable : this.pool;
  }

  /**
   * Runs `work` on a pooled client between `begin` and COMMIT (ROLLBACK when
   * it throws). `begin` may end with the transaction's first statements, sent
   * in the same message; `work` gets the last one's answer.
   */
  private async withClient<T>(begin: string, work: (begun: pg.QueryResult) => Promise<T>): Promise<T> {
    await this.opened();
    const client = await this.pool.connect();
    const lease = new LeasedClient(client);
    let broken: Error | undefined;
    try {
      const answers = (await client.query(begin)) as pg.QueryResult | pg.QueryResult[];
      const begun = Array.isArray(answers) ? answers.at(-1)! : answers;
      const result = await this.lease.run(lease, () => work(begun));
      await lease.finish('COMMIT');
      return result;
    } catch (error) {
      await lease.finish('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      lease.open = false;
      client.release(broken);
    }
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer?.lease.open) return this.savepoint(outer.tx, outer.lease, work);
    return this.writes.run(async () => {
      try {
        const begin = `BEGIN; SET LOCAL lock_timeout = ${CLOCK_LOCK_WAIT_MS}; UPDATE "sync_clock" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version"`;
        const { version, result } = await this.withClient(begin, async (begun) => {
          const clock = (begun.rows as { version: number }[])[0];
          if (!clock) throw new Error('The change clock row is missing');
          const tx: Tx = { db: this.read, version: clock.version };
          return { version: clock.version, result: await this.current.run({ tx, lease: this.lease.getStore()! }, () => work(tx)) };
        });
        this.commits.committedHere(version);
        return result;
      } catch (error) {
        throw asRequestError(error);
      }
    });
  }

  private async savepoint<T>(tx: Tx, lease: LeasedClient, work: (tx: Tx) => Promise<T>): Promise<T> {
    const savepoint = lease.beginSavepoint();
    try {
      const result = await work(tx);
      await lease.endSavepoint(savepoint, 'release');
      return result;
    } catch (error) {
      await lease.endSavepoint(savepoint, 'rollback');
      throw asRequestError(error);
    }
  }

  readSnapshot<T>(work: () => Promise<T>): Promise<T> {
    if (this.lease.getStore()?.open) return work();
    return this.withSnapshot(work);
  }

  /**
   * The snapshot's BEGIN goes out with its first query (the snapshot is taken
   * at that query), and its COMMIT ends it after the answer is returned: a
   * read-only transaction has nothing to keep, so neither costs the caller a
   * round trip. The client returns to the pool only once it has ended.
   */
  private async withSnapshot<T>(work: () => Promise<T>): Promise<T> {
    await this.opened();
    const client = await this.pool.connect();
    const lease = new LeasedClient(client);
    lease.sendWithFirstQuery('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    let result: T;
    try {
      result = await this.lease.run(lease, work);
    } catch (error) {
      let broken: Error | undefined;
      await lease.finish('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      client.release(broken);
      throw error;
    }
    lease.finish('COMMIT').then(
      () => client.release(),
      (error: Error) => {
        console.error('Ending a read snapshot failed', error.message);
        client.release(error);
      },
    );
    return result;
  }

  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const answer = this.opened()
      .then(() => this.pinger.query<{ ok: number }>('SELECT 1 AS ok'))
      .then((result) => result.rows[0]?.ok === 1)
      .catch(() => false);
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A write that changes nothing, under the clock row's lock: a read-only server, a full disk or a held lock fail it. */
  async ready(): Promise<Readiness> {
    return this.writes.run(async () => {
      try {
        await this.withClient(`BEGIN; SET LOCAL lock_timeout = ${CLOCK_LOCK_WAIT_MS}; UPDATE "sync_clock" SET "version" = "version" WHERE "id" = 1`, async () => undefined);
        return { ok: true as const };
      } catch (error) {
        if (isStorageFull(error)) return { ok: false as const, reason: `The database server is out of space: ${rootMessage(error)}` };
        return { ok: false as const, reason: rootMessage(error) };
      }
    });
  }

  /** Ends the pool once, however often it is asked. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.opening?.catch(() => undefined);
      await Promise.all([this.pool.end(), this.pinger.end()]);
    })();
    return this.closing;
  }
}
