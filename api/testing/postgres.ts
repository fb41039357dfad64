/**
 * PostgreSQL for the tests, at DATABASE_URL_TEST. On a developer's machine
 * without it, a suite that needs it is skipped and says why; under CI it
 * always runs, so a missing engine fails the run instead of passing in
 * silence. Each suite gets a database of its own, made fresh and dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

export const DATABASE_URL_TEST = process.env.DATABASE_URL_TEST || undefined;

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
  if (!DATABASE_URL_TEST) throw new Error('DATABASE_URL_TEST is not set: CI must run the PostgreSQL tests (e.g. DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test)');
  const name = `menus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL_TEST });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(DATABASE_URL_TEST);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: DATABASE_URL_TEST });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
