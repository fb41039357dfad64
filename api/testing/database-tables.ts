/** What tests read of a database as a whole, on either engine: its tables, and every row of them. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { isPostgres } from '../db/sql-dialect';

/** The tables the app keeps (not the engine's own, nor the migrations' record). */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = isPostgres(db)
    ? await db.all<{ name: string }>(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
      )
    : await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'`);
  return rows.map(({ name }) => name).sort();
}

/** Every row of every table, each table's rows in a fixed order (PostgreSQL returns them in no particular one). */
export async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await tableNames(db);
  const rows = await Promise.all(tables.map(async (name) => (await db.all(sql.raw(`SELECT * FROM "${name}"`))).map((row) => JSON.stringify(row)).sort()));
  return Object.fromEntries(tables.map((name, index) => [name, rows[index]!]));
}

/**
 * The plan the engine would follow for a statement, one line per step
 * (SQLite's EXPLAIN QUERY PLAN, steps of subqueries indented; PostgreSQL's
 * EXPLAIN). On PostgreSQL sequential scans are priced out first: a test's
 * few rows would make any table cheaper to read whole, and the question is
 * whether an index can answer.
 */
export async function planOf(database: Database, statement: SQLWrapper): Promise<string[]> {
  if (!isPostgres(database.read)) {
    const steps = await database.read.all<{ detail: string; parent: number }>(sql`explain query plan ${statement}`);
    return steps.map((row) => (row.parent === 0 ? row.detail : `  ${row.detail}`));
  }
  return database.transaction(async ({ db: tx }) => {
    await tx.run(sql`SET LOCAL enable_seqscan = off`);
    const steps = await tx.all<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
    return steps.map((row) => row['QUERY PLAN']);
  });
}
