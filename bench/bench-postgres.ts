/** PostgreSQL for the benchmarks: a fresh database on the server at DATABASE_URL_TEST (or this machine's), or the reason there is none. */
import { newPostgresDatabase } from '../api/testing/postgres-server';

const SERVER = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDatabase = { url: string; drop(): Promise<void> };

/** A new empty database, or null (and why, printed) when no PostgreSQL answers. */
export async function benchPostgresDatabase(): Promise<BenchDatabase | null> {
  try {
    return await newPostgresDatabase(SERVER, 'menus_bench');
  } catch (error) {
    console.info(`  PostgreSQL skipped: nothing answers at ${SERVER} (${error instanceof Error ? error.message : String(error)}; set DATABASE_URL_TEST)`);
    return null;
  }
}
