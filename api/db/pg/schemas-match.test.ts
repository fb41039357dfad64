/**
 * The embedded SQLite schema (drizzle's, as its migrations leave it) and the
 * PostgreSQL migrations describe the same tables: the same columns, each
 * nullable on both or on neither. A column added to one and not the other
 * fails here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, freshPostgresDatabase } from '../../testing/postgres';
import { SqliteDatabase } from '../sqlite-database';
import { migratePostgres } from './migrate-postgres';

/** Each engine's own bookkeeping, and the search indexes each keeps in its own form. */
const ENGINE_OWN = /^(sqlite_|__drizzle_migrations$|schema_migrations$|menu_search|users_search)/;

type Columns = Record<string, Record<string, 'null' | 'not null'>>;

describeWithPostgres('the SQLite and PostgreSQL schemas', () => {
  const dir = mkdtempSync(join(tmpdir(), 'menus-schemas-'));
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let sqliteColumns: Columns;
  let postgresColumns: Columns;

  beforeAll(async () => {
    const file = join(dir, 'app.db');
    await SqliteDatabase.open(file).close();
    const sqlite = new BetterSqlite3(file, { readonly: true });
    sqliteColumns = {};
    for (const table of sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]) {
      if (ENGINE_OWN.test(table)) continue;
      sqliteColumns[table] = {};
      for (const column of sqlite.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; notnull: number; pk: number }>) {
        sqliteColumns[table][column.name] = column.notnull || column.pk ? 'not null' : 'null';
      }
    }
    sqlite.close();

    postgres = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await migratePostgres(client);
    const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    );
    await client.end();
    postgresColumns = {};
    for (const row of rows) {
      if (ENGINE_OWN.test(row.table_name)) continue;
      postgresColumns[row.table_name] ??= {};
      postgresColumns[row.table_name]![row.column_name] = row.is_nullable === 'YES' ? 'null' : 'not null';
    }
  });
  afterAll(async () => {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('have the same tables', () => {
    expect(Object.keys(postgresColumns).sort()).toEqual(Object.keys(sqliteColumns).sort());
    expect(Object.keys(sqliteColumns).length).toBeGreaterThan(20);
  });

  it('give every table the same columns, nullable alike', () => {
    for (const table of Object.keys(sqliteColumns)) expect({ table, columns: postgresColumns[table] }).toEqual({ table, columns: sqliteColumns[table] });
  });
});
