/** PostgreSQL for the benchmarks: a fresh database on the server at DATABASE_URL_TEST (or this machine's), or the reason there is none. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SERVER = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 2000 });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type BenchDatabase = { url: string; drop(): Promise<void> };

/** A new empty database, or null (and why, printed) when no PostgreSQL answers. */
export async function benchPostgresDatabase(): Promise<BenchDatabase | null> {
  const name = `menus_bench_${randomBytes(5).toString('hex')}`;
  try {
    await onServer(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.info(`  PostgreSQL skipped: nothing answers at ${SERVER} (${error instanceof Error ? error.message : String(error)}; set DATABASE_URL_TEST)`);
    return null;
  }
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
