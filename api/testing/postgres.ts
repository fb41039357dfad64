/**
 * PostgreSQL for the tests, at DATABASE_URL_TEST. A suite that needs it runs
 * only when the variable is set, and says why it was skipped when it is not,
 * so a missing engine never passes in silence. Each suite gets a database of
 * its own, made fresh and dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

export const DATABASE_URL_TEST = process.env.DATABASE_URL_TEST || undefined;

/** `describe` when DATABASE_URL_TEST is set; otherwise the suite is skipped with the reason printed. */
export function describeWithPostgres(name: string, suite: () => void): void {
  if (DATABASE_URL_TEST) {
    describe(name, suite);
    return;
  }
  console.warn(`Skipped "${name}": it needs PostgreSQL, and DATABASE_URL_TEST is not set (e.g. DATABASE_URL_TEST=postgres://127.0.0.1:5432/test).`);
  describe.skip(name, suite);
}

/** A new empty database on the test server: its address, and the call that drops it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!DATABASE_URL_TEST) throw new Error('DATABASE_URL_TEST is not set');
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
