/**
 * PostgreSQL for the tests, at DATABASE_URL_TEST (see `describe-needing.ts`
 * for suites that need it). Each suite gets a database of its own, made
 * fresh and dropped after.
 *
 * `npm run test:postgres` runs the API suite again with every test app on a
 * database of its own, cloned from a template migrated once per run (see
 * `postgres-global-setup.ts`): a clone takes a fraction of migrating anew.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { PostgresDatabase } from '../db/pg/postgres-database';
import { describeNeeding, NEEDS_POSTGRES } from './describe-needing';
import { databaseUrlOn, newPostgresDatabase, onPostgresServer } from './postgres-server';

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

function testServer(): string {
  if (!DATABASE_URL_TEST) throw new Error('DATABASE_URL_TEST is not set: CI must run the PostgreSQL tests (e.g. DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test)');
  return DATABASE_URL_TEST;
}

/** The address of database `name` on the test server. */
export const testDatabaseUrl = (name: string) => databaseUrlOn(testServer(), name);

/** Runs one statement on the test server's maintenance database (creating or dropping databases). */
export const onTestServer = (statement: string) => onPostgresServer(testServer(), statement);

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

export const describeWithPostgres = (name: string, suite: () => void) => describeNeeding([NEEDS_POSTGRES], name, suite);

/** A new empty database on the test server: its address, and the call that drops it. */
export const freshPostgresDatabase = () => newPostgresDatabase(testServer(), 'menus_test');
