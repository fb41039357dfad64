/**
 * What the domain sees of the database, whichever engine holds the data:
 * SQLite in a file (the embedded default, `sqlite-database.ts`) or
 * PostgreSQL at DATABASE_URL (`pg/postgres-database.ts`). Both hand out the
 * same query builder over the same tables, so repositories are written once;
 * the few places where the engines' SQL differs ask `isPostgres` (see
 * `sql-dialect.ts`).
 */
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema';

/**
 * The query builder. On SQLite a query answers at once, on PostgreSQL by a
 * promise: every `.all()`, `.get()` and `.run()` is awaited, and then reads
 * the same on both.
 */
export type Db = BaseSQLiteDatabase<'sync' | 'async', { changes: number }, typeof schema>;

/** What a write transaction gives its work: the connection and the change-clock value it stamps rows with. */
export type Tx = { db: Db; version: number };

export type Readiness = { ok: true } | { ok: false; reason: string };

export interface Database {
  /** Resolves once the database is reachable and its migrations are applied; rejects with why not. */
  opened(): Promise<void>;
  /** For queries outside a transaction: each sees the latest commit, or, inside `readSnapshot`, that snapshot's. */
  readonly read: Db;
  /**
   * The newest change-clock value this process knows was committed: its own
   * commits, and those of other processes that it was told of (see
   * `learnCommitted`). It moves when the data does, so a cache can check it
   * without a query.
   */
  readonly committedVersion: number;
  /** Another process committed `version` (told through a shared channel): caches of this one are stale from now. */
  learnCommitted(version: number): void;
  /** Calls `listener` with the clock's value after each commit of this process; returns the call that stops it. */
  onCommit(listener: (version: number) => void): () => void;
  /**
   * Runs `work` in one write transaction, after bumping the change clock once.
   * Throwing rolls everything back, so a request never leaves a partial
   * write. A transaction started inside another becomes a savepoint of it, so
   * one refused mutation of a sync push rolls back alone.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` with every read (through `read`) seeing the data as of one commit. */
  readSnapshot<T>(work: () => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Whether a write can be made now, by making one that changes nothing; the reason, when not, is the engine's own. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}
