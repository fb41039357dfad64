/**
 * An installation from before a migration, for that migration's tests on both engines: the rows a test app made,
 * copied into a SQLite database migrated only to just before it, and from there into a PostgreSQL database migrated
 * likewise. Each engine's test then applies the rest of its migrations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type pg from 'pg';
import { sqliteMigrationsBefore } from './migrations-before';

const POSTGRES_MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'pg', 'migrations');
const STATEMENT_BREAK = '--> statement-breakpoint';
/** The engine's own tables, and the search indexes its triggers fill from the copied rows. */
const NOT_COPIED = /^(sqlite_|__drizzle_migrations$|schema_migrations$|menu_search|users_search)/;
const BATCH = 500;

/** The application's tables of a SQLite database. */
export const tablesOf = (connection: BetterSqlite3.Database) =>
  (connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%'").pluck().all() as string[]).filter((name) => !NOT_COPIED.test(name));

const columnsOf = (connection: BetterSqlite3.Database, table: string) =>
  (connection.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((column) => column.name);

/**
 * Writes `file`: the SQLite migrations before `tag` (e.g. `0030_orders`), then every row of the app's database at
 * `appFile` (a test app's, made with today's code, so only the columns the old tables have are copied).
 */
export function sqliteInstallBefore(workDir: string, tag: string, appFile: string, file: string): void {
  const old = new BetterSqlite3(file);
  migrate(drizzle(old), { migrationsFolder: sqliteMigrationsBefore(workDir, tag) });
  old.pragma('foreign_keys = OFF');
  old.exec(`ATTACH DATABASE '${appFile}' AS app`);
  for (const table of tablesOf(old)) {
    const columns = columnsOf(old, table)
      .map((name) => `"${name}"`)
      .join(', ');
    old.exec(`DELETE FROM main."${table}"; INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM app."${table}"`);
  }
  old.exec('DETACH DATABASE app');
  old.close();
}

async function runPostgresMigration(client: pg.Client, name: string): Promise<void> {
  for (const statement of readFileSync(join(POSTGRES_MIGRATIONS, name), 'utf8').split(STATEMENT_BREAK)) {
    if (statement.trim()) await client.query(statement);
  }
}

/**
 * The same installation on PostgreSQL: the migrations before `migration` (e.g. `0017_orders.sql`), then every row of
 * the SQLite `file` with triggers off, so the copy writes no tombstones nor search rows of its own. Answers the tables
 * copied and a function that applies the remaining migrations, from `migration` on.
 */
export async function postgresInstallBefore(client: pg.Client, migration: string, file: string): Promise<{ tables: string[]; migrateRest(): Promise<void> }> {
  const migrations = readdirSync(POSTGRES_MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const at = migrations.indexOf(migration);
  if (at < 0) throw new Error(`No PostgreSQL migration ${migration}`);
  for (const name of migrations.slice(0, at)) await runPostgresMigration(client, name);

  const source = new BetterSqlite3(file, { readonly: true });
  const tables = tablesOf(source);
  await client.query('SET session_replication_role = replica');
  for (const table of tables) {
    const columns = columnsOf(source, table);
    const rows = source.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][];
    await client.query(`DELETE FROM "${table}"`);
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const places = batch.map((_, row) => `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`);
      await client.query(`INSERT INTO "${table}" (${columns.map((name) => `"${name}"`).join(', ')}) VALUES ${places.join(', ')}`, batch.flat());
    }
  }
  await client.query('SET session_replication_role = origin');
  source.close();
  return {
    tables,
    async migrateRest() {
      for (const name of migrations.slice(at)) await runPostgresMigration(client, name);
    },
  };
}
