/**
 * Opens the SQLite database and hands out two connections: `read` for
 * queries outside a transaction, and a write connection used only inside
 * `transaction()`. WAL mode gives the read connection a consistent snapshot,
 * so it never sees half of a write that is still running.
 *
 * better-sqlite3 is synchronous, but domain functions are async (so that a
 * PostgreSQL layer could replace this one); transactions therefore run one at
 * a time behind a promise queue, which keeps an async callback's awaits from
 * interleaving two writers on one connection. A transaction started inside
 * another (a sync push applying each mutation through the domain functions)
 * becomes a savepoint of it, so one refused mutation rolls back alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { AppError } from '../../sync/errors';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;

/** What a write transaction gives its work: the connection and the change-clock value it stamps rows with. */
export type Tx = { db: Db; version: number };

const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

function openConnection(file: string): BetterSqlite3.Database {
  const connection = new BetterSqlite3(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/**
 * A constraint the database enforces (an id or a link already taken) is the
 * request's fault, not the server's: a conflict the caller can be told of,
 * and a sync push refuses that one mutation instead of failing the batch.
 */
function asConflict(error: unknown): unknown {
  if (error instanceof BetterSqlite3.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) {
    return new AppError('conflict', 'This change conflicts with data already on the server');
  }
  return error;
}

/** The message of the error at the bottom of a chain (the query builder wraps SQLite's own). */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

export class Database {
  private readonly reader: Db;
  private readonly writer: Db;
  private readonly snapshotReader: Db;
  private readonly connections: BetterSqlite3.Database[];
  private queue: Promise<unknown> = Promise.resolve();
  private snapshotQueue: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<Tx>();
  private readonly snapshot = new AsyncLocalStorage<Db>();
  private savepoints = 0;
  private committed = 0;

  private constructor(readConnection: BetterSqlite3.Database, writeConnection: BetterSqlite3.Database, snapshotConnection: BetterSqlite3.Database) {
    this.connections = [readConnection, writeConnection, snapshotConnection];
    this.reader = drizzle(readConnection, { schema });
    this.writer = drizzle(writeConnection, { schema });
    this.snapshotReader = drizzle(snapshotConnection, { schema });
  }

  /** The connection for reads: each query sees the latest commit, or, inside `readSnapshot`, that snapshot's. */
  get read(): Db {
    return this.snapshot.getStore() ?? this.reader;
  }

  /** Opens (creating if needed) the database file and applies pending migrations. */
  static open(file: string): Database {
    mkdirSync(dirname(file), { recursive: true });
    const writeConnection = openConnection(file);
    migrate(drizzle(writeConnection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    const [readConnection, snapshotConnection] = [openConnection(file), openConnection(file)];
    readConnection.pragma('query_only = ON');
    snapshotConnection.pragma('query_only = ON');
    const database = new Database(readConnection, writeConnection, snapshotConnection);
    database.committed = database.read.select({ version: schema.syncClock.version }).from(schema.syncClock).get()?.version ?? 0;
    return database;
  }

  /**
   * The change clock's value after the last commit of this process. This
   * process is the only writer, so it moves exactly when the data does: a
   * cache can check it without a query.
   */
  get committedVersion(): number {
    return this.committed;
  }

  /**
   * Runs `work` in one write transaction, after bumping the change clock once.
   * Throwing rolls everything back, so a request never leaves a partial write.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return this.savepoint(outer, work);
    const run = async () => {
      this.writer.run(sql`BEGIN IMMEDIATE`);
      try {
        const [clock] = this.writer
          .update(schema.syncClock)
          .set({ version: sql`${schema.syncClock.version} + 1` })
          .where(eq(schema.syncClock.id, 1))
          .returning({ version: schema.syncClock.version })
          .all();
        if (!clock) throw new Error('The change clock row is missing');
        const tx: Tx = { db: this.writer, version: clock.version };
        const result = await this.current.run(tx, () => work(tx));
        this.writer.run(sql`COMMIT`);
        this.committed = clock.version;
        return result;
      } catch (error) {
        this.rollBack(sql`ROLLBACK`, error);
        throw asConflict(error);
      }
    };
    return this.enqueue(run);
  }

  /** Runs `run` after every write queued before it, so two never share the write connection at once. */
  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Undoes what `failure` left behind. When a write fails for want of disk,
   * on an I/O error or a busy lock, SQLite may already have rolled the whole
   * transaction back; rolling back again would then throw, and that error
   * would replace the one that says what went wrong. So: only roll back what
   * is still open, and report, never throw, a rollback that fails.
   */
  private rollBack(statement: ReturnType<typeof sql>, failure: unknown): void {
    if (!this.connections[1]!.inTransaction) return;
    try {
      this.writer.run(statement);
    } catch (rollbackError) {
      console.error('Rolling back after a failed write failed too; the write failed with:', failure, 'the rollback with:', rollbackError);
    }
  }

  private async savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    const name = sql.raw(`sp_${++this.savepoints}`);
    this.writer.run(sql`SAVEPOINT ${name}`);
    try {
      const result = await work(tx);
      this.writer.run(sql`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.rollBack(sql`ROLLBACK TO ${name}`, error);
      this.rollBack(sql`RELEASE ${name}`, error);
      throw asConflict(error);
    }
  }

  /**
   * Runs `work` with every read (through `read`) in one read transaction, so
   * its queries all see the data as of one commit, even when a write commits
   * between two of them. Snapshots share one connection and so run one at a
   * time; reads outside them go on as usual.
   */
  readSnapshot<T>(work: () => Promise<T>): Promise<T> {
    if (this.snapshot.getStore()) return work();
    const connection = this.connections[2]!;
    const run = async () => {
      connection.exec('BEGIN');
      try {
        // A deferred transaction's snapshot starts at its first read: take it now, not at the work's first query.
        this.snapshotReader.get(sql`SELECT 1 FROM ${schema.syncClock}`);
        return await this.snapshot.run(this.snapshotReader, work);
      } finally {
        if (connection.inTransaction) connection.exec('COMMIT');
      }
    };
    const result = this.snapshotQueue.then(run, run);
    this.snapshotQueue = result.catch(() => undefined);
    return result;
  }

  /** True when the database answers a trivial query. */
  ping(): boolean {
    try {
      return this.read.get<{ ok: number }>(sql`SELECT 1 AS ok`)?.ok === 1;
    } catch {
      return false;
    }
  }

  /**
   * Whether a write can be made now: takes the write lock and commits a
   * change that leaves every value as it was, which the write-ahead log must
   * still take in. A full disk, a read-only file or a lock held elsewhere
   * fails it, where `ping` (a read) would still answer. The reason, when it
   * fails, is SQLite's own.
   */
  async ready(): Promise<{ ok: true } | { ok: false; reason: string }> {
    return this.enqueue(async () => {
      try {
        this.writer.run(sql`BEGIN IMMEDIATE`);
        this.writer.update(schema.syncClock).set({ version: sql`${schema.syncClock.version}` }).where(eq(schema.syncClock.id, 1)).run();
        this.writer.run(sql`COMMIT`);
        return { ok: true as const };
      } catch (error) {
        this.rollBack(sql`ROLLBACK`, error);
        return { ok: false as const, reason: rootMessage(error) };
      }
    });
  }

  /** Copies the live database to `file` without stopping writers (SQLite's online backup). */
  async backup(file: string): Promise<void> {
    mkdirSync(dirname(file), { recursive: true });
    const [, writeConnection] = this.connections;
    await writeConnection!.backup(file);
  }

  close(): void {
    for (const connection of this.connections) {
      if (connection.open) connection.close();
    }
  }
}
