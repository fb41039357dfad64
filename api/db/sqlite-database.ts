/**
 * The embedded default: opens the SQLite database and hands out two connections: `read` for
 * queries outside a transaction, and a write connection used only inside
 * `transaction()`. WAL mode gives the read connection a consistent snapshot,
 * so it never sees half of a write that is still running.
 *
 * better-sqlite3 is synchronous, but domain functions are async (PostgreSQL
 * answers by promises, see `database.ts`); transactions therefore run one at
 * a time behind a promise queue, which keeps an async callback's awaits from
 * interleaving two writers on one connection. A transaction started inside
 * another (a sync push applying each mutation through the domain functions)
 * becomes a savepoint of it, so one refused mutation rolls back alone.
 *
 * The write lock can be held by another process (an admin command, a script).
 * SQLite's busy timeout would wait for it inside the call, and so stop the
 * whole server; the write connection instead tries again on a timer, so
 * reads and other requests go on meanwhile.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { KnowsCommits } from './commit-notices';
import type { Database, Db, Readiness, Tx } from './database';
import * as schema from './schema';
import { SerialQueue } from './serial-queue';
import { cacheStatements } from './statement-cache';
import { asRequestError, isDatabaseBusy, isStorageFull, rootMessage } from './storage-errors';

const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How long a write that failed for want of space keeps readiness down unless
 * a later write commits: the probe's own tiny write may still fit where real
 * ones do not, and a server nobody can write to must still be tried again.
 */
export const STORAGE_FULL_REMEMBERED_MS = 30_000;

/** How long a write waits for a write lock another process holds before it fails as busy. */
export const WRITE_LOCK_WAIT_MS = 5000;
/** The longest pause between two tries for the lock: short locks are caught soon after they end. */
const LOCK_RETRY_MAX_PAUSE_MS = 50;

function openConnection(file: string): BetterSqlite3.Database {
  const connection = new BetterSqlite3(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  cacheStatements(connection);
  return connection;
}

export class SqliteDatabase extends KnowsCommits implements Database {
  private readonly reader: Db;
  private readonly writer: Db;
  /** The write connection itself, for transaction control: nothing to prepare, and no statement kept per savepoint name. */
  private readonly writeConnection: BetterSqlite3.Database;
  private readonly snapshotReader: Db;
  private readonly connections: BetterSqlite3.Database[];
  private readonly writes = new SerialQueue();
  private readonly snapshots = new SerialQueue();
  /** The transaction the running work is part of, while it is open; work it left running after it ended starts its own. */
  private readonly current = new AsyncLocalStorage<{ tx: Tx; open: boolean }>();
  /** The snapshot the running work reads in, while it is open; reads it left running afterwards see the latest commit. */
  private readonly snapshot = new AsyncLocalStorage<{ open: boolean }>();
  private savepoints = 0;
  private storageFull: { at: number; reason: string } | null = null;

  private constructor(readConnection: BetterSqlite3.Database, writeConnection: BetterSqlite3.Database, snapshotConnection: BetterSqlite3.Database) {
    super();
    this.connections = [readConnection, writeConnection, snapshotConnection];
    this.writeConnection = writeConnection;
    this.reader = drizzle(readConnection, { schema }) as Db;
    this.writer = drizzle(writeConnection, { schema }) as Db;
    this.snapshotReader = drizzle(snapshotConnection, { schema }) as Db;
  }

  get read(): Db {
    return this.snapshot.getStore()?.open ? this.snapshotReader : this.reader;
  }

  /** Opens (creating if needed) the database file and applies pending migrations. */
  static open(file: string): SqliteDatabase {
    mkdirSync(dirname(file), { recursive: true });
    const writeConnection = openConnection(file);
    migrate(drizzle(writeConnection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    // From here on the write lock is waited for without blocking (see takeWriteLock).
    writeConnection.pragma('busy_timeout = 0');
    const [readConnection, snapshotConnection] = [openConnection(file), openConnection(file)];
    readConnection.pragma('query_only = ON');
    snapshotConnection.pragma('query_only = ON');
    const database = new SqliteDatabase(readConnection, writeConnection, snapshotConnection);
    database.commits.learn(drizzle(readConnection, { schema }).select({ version: schema.syncClock.version }).from(schema.syncClock).get()?.version ?? 0);
    return database;
  }

  /** Opening the file applied the migrations already. */
  async opened(): Promise<void> {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer?.open) return this.savepoint(outer.tx, work);
    const run = async () => {
      await this.takeWriteLock();
      try {
        const clock = this.writeConnection.prepare('UPDATE sync_clock SET version = version + 1 WHERE id = 1 RETURNING version').get() as { version: number } | undefined;
        if (!clock) throw new Error('The change clock row is missing');
        const tx: Tx = { db: this.writer, version: clock.version };
        const context = { tx, open: true };
        const result = await this.current
          .run(context, () => work(tx))
          .finally(() => {
            context.open = false;
          });
        this.writeConnection.exec('COMMIT');
        this.storageFull = null;
        this.commits.committedHere(clock.version);
        return result;
      } catch (error) {
        this.rollBack('ROLLBACK', error);
        if (isStorageFull(error)) this.storageFull = { at: Date.now(), reason: rootMessage(error) };
        throw asRequestError(error);
      }
    };
    return this.writes.run(run);
  }

  /** BEGIN IMMEDIATE, tried again on a timer while another process holds the lock, for up to WRITE_LOCK_WAIT_MS. */
  private async takeWriteLock(): Promise<void> {
    const giveUpAt = Date.now() + WRITE_LOCK_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, LOCK_RETRY_MAX_PAUSE_MS)) {
      try {
        this.writeConnection.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isDatabaseBusy(error) || Date.now() >= giveUpAt) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, giveUpAt - Date.now())));
    }
  }

  /**
   * Undoes what `failure` left behind. When a write fails for want of disk,
   * on an I/O error or a busy lock, SQLite may already have rolled the whole
   * transaction back; rolling back again would then throw, and that error
   * would replace the one that says what went wrong. So: only roll back what
   * is still open, and report, never throw, a rollback that fails.
   */
  private rollBack(statement: string, failure: unknown): void {
    if (!this.writeConnection.inTransaction) return;
    try {
      this.writeConnection.exec(statement);
    } catch (rollbackError) {
      console.error('Rolling back after a failed write failed too; the write failed with:', failure, 'the rollback with:', rollbackError);
    }
  }

  private async savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    const name = `sp_${++this.savepoints}`;
    this.writeConnection.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work(tx);
      this.writeConnection.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.rollBack(`ROLLBACK TO ${name}`, error);
      this.rollBack(`RELEASE ${name}`, error);
      throw asRequestError(error);
    }
  }

  /**
   * One read transaction, so that the work's queries all see the data as of
   * one commit, even when a write commits between two of them. Snapshots
   * share one connection and so run one at a time; reads outside them go on
   * as usual.
   */
  readSnapshot<T>(work: () => Promise<T>): Promise<T> {
    if (this.snapshot.getStore()?.open) return work();
    const connection = this.connections[2]!;
    const run = async () => {
      connection.exec('BEGIN');
      try {
        // A deferred transaction's snapshot starts at its first read: take it now, not at the work's first query.
        connection.prepare('SELECT 1 FROM sync_clock').get();
        const context = { open: true };
        return await this.snapshot.run(context, work).finally(() => {
          context.open = false;
        });
      } finally {
        if (connection.inTransaction) connection.exec('COMMIT');
      }
    };
    return this.snapshots.run(run);
  }

  async ping(): Promise<boolean> {
    try {
      return (this.connections[0]!.prepare('SELECT 1 AS ok').get() as { ok: number } | undefined)?.ok === 1;
    } catch {
      return false;
    }
  }

  /**
   * Whether a write can be made now: takes the write lock and commits a
   * change that leaves every value as it was, which the write-ahead log must
   * still take in. A full disk, a read-only file or a lock held elsewhere
   * fails it, where `ping` (a read) would still answer. A real write that
   * failed for want of space since the last commit (and recently) fails it
   * too. The reason, when it fails, is SQLite's own.
   */
  async ready(): Promise<Readiness> {
    return this.writes.run(async () => {
      if (this.storageFull && Date.now() - this.storageFull.at < STORAGE_FULL_REMEMBERED_MS) return { ok: false as const, reason: this.storageFull.reason };
      try {
        await this.takeWriteLock();
        this.writeConnection.prepare('UPDATE sync_clock SET version = version WHERE id = 1').run();
        this.writeConnection.exec('COMMIT');
        return { ok: true as const };
      } catch (error) {
        this.rollBack('ROLLBACK', error);
        return { ok: false as const, reason: rootMessage(error) };
      }
    });
  }

  /** Copies the live database to `file` without stopping writers (SQLite's online backup). */
  async backup(file: string): Promise<void> {
    mkdirSync(dirname(file), { recursive: true });
    await this.writeConnection.backup(file);
  }

  async close(): Promise<void> {
    for (const connection of this.connections) {
      if (connection.open) connection.close();
    }
  }
}
