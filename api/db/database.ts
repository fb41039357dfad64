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

export class Database {
  readonly read: Db;
  private readonly writer: Db;
  private readonly connections: BetterSqlite3.Database[];
  private queue: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<Tx>();
  private savepoints = 0;
  private committed = 0;

  private constructor(readConnection: BetterSqlite3.Database, writeConnection: BetterSqlite3.Database) {
    this.connections = [readConnection, writeConnection];
    this.read = drizzle(readConnection, { schema });
    this.writer = drizzle(writeConnection, { schema });
  }

  /** Opens (creating if needed) the database file and applies pending migrations. */
  static open(file: string): Database {
    mkdirSync(dirname(file), { recursive: true });
    const writeConnection = openConnection(file);
    migrate(drizzle(writeConnection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    const readConnection = openConnection(file);
    readConnection.pragma('query_only = ON');
    const database = new Database(readConnection, writeConnection);
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
        this.writer.run(sql`ROLLBACK`);
        throw asConflict(error);
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    const name = sql.raw(`sp_${++this.savepoints}`);
    this.writer.run(sql`SAVEPOINT ${name}`);
    try {
      const result = await work(tx);
      this.writer.run(sql`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.writer.run(sql`ROLLBACK TO ${name}`);
      this.writer.run(sql`RELEASE ${name}`);
      throw asConflict(error);
    }
  }

  /** True when the database answers a trivial query. */
  ping(): boolean {
    try {
      return this.read.get<{ ok: number }>(sql`SELECT 1 AS ok`)?.ok === 1;
    } catch {
      return false;
    }
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
