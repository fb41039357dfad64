/**
 * Applies the PostgreSQL migrations (api/db/pg/migrations, in name order)
 * that a database has not had yet, each in its own transaction. An advisory
 * lock makes processes that start together, or a deploy's `db:migrate`
 * beside a running older version, apply each migration exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientBase } from 'pg';

const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any number, the same in every process: the key of the advisory lock migrations take. */
const MIGRATION_LOCK_KEY = 727_001;
const STATEMENT_BREAK = '--> statement-breakpoint';

/** Returns the names of the migrations it applied (none when the database was up to date). */
export async function migratePostgres(client: ClientBase): Promise<string[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query('CREATE TABLE IF NOT EXISTS "schema_migrations" ("name" text PRIMARY KEY, "applied_at" timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await client.query<{ name: string }>('SELECT "name" FROM "schema_migrations"')).rows.map((row) => row.name));
    const pending = readdirSync(MIGRATIONS_FOLDER)
      .filter((name) => name.endsWith('.sql') && !applied.has(name))
      .sort();
    for (const name of pending) {
      const statements = readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8')
        .split(STATEMENT_BREAK)
        .map((statement) => statement.trim())
        .filter(Boolean);
      await client.query('BEGIN');
      try {
        for (const statement of statements) await client.query(statement);
        await client.query('INSERT INTO "schema_migrations" ("name") VALUES ($1)', [name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    return pending;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}
