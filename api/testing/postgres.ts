/**
 * PostgreSQL for the tests, at DATABASE_URL_TEST. On a developer's machine
 * without it, a suite that needs it is skipped and says why; under CI it
 * always runs, so a missing engine fails the run instead of passing in
 * silence. Each suite gets a database of its own, made fresh and dropped after.
 *
 * `npm run test:postgres` runs the API suite again with every test app on a
 * database of its own, cloned from a template migrated once per run (see
 * `postgres-global-setup.ts`): a clone takes a fraction of migrating anew.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { PostgresDatabase } from '../db/pg/postgres-database';

export const DATABASE_URL_TEST = process.env.DATABASE_URL_TEST || undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run, set only when the suite runs on PostgreSQL. */
    postgresTemplate: string;
  }
}

/** The template to clone test apps' databases from, when the suite runs on PostgreSQL; otherwise undefined (SQLite). */
export function postgresTemplate(): string | undefined {
  try {
    return inject('postgresTemplate') || undefined;
  } catch {
    return undefined;
  }
}

/** The address of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  if (!DATABASE_URL_TEST) throw new Error('DATABASE_URL_TEST is not set: CI must run the PostgreSQL tests (e.g. DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test)');
  const url = new URL(DATABASE_URL_TEST);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the test server's maintenance database (creating or dropping databases). */
export async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL_TEST });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A database of a test app's own, cloned from the run's template on first use; `drop` closes and removes it. */
export function clonedTestDatabase(template: string): { db: PostgresDatabase; drop(): Promise<void> } {
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  const db = PostgresDatabase.open(testDatabaseUrl(name), { prepare: () => onTestServer(`CREATE DATABASE "${name}" TEMPLATE "${template}"`), poolSize: 4 });
  return {
    db,
    async drop() {
      await db.close();
      await onTestServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** `describe` when DATABASE_URL_TEST is set or under CI; otherwise the suite is skipped with the reason printed. */
export function describeWithPostgres(name: string, suite: () => void): void {
  if (DATABASE_URL_TEST || process.env.CI) {
    describe(name, suite);
    return;
  }
  console.warn(`Skipped "${name}": it needs PostgreSQL, and DATABASE_URL_TEST is not set (e.g. DATABASE_URL_TEST=postgres://127.0.0.1:5432/test).`);
  describe.skip(name, suite);
}

/** A new empty database on the test server: its address, and the call that drops it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `menus_test_${randomBytes(6).toString('hex')}`;
  const url = testDatabaseUrl(name);
  await onTestServer(`CREATE DATABASE "${name}"`);
  return { url, drop: () => onTestServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
