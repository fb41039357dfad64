/** The configured database: PostgreSQL when DATABASE_URL is set, otherwise the SQLite file under DATA_DIR. */
import type { Env } from '../env';
import type { Database } from './database';
import { PostgresDatabase } from './pg/postgres-database';
import { SqliteDatabase } from './sqlite-database';

export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'databaseFile'>): Database {
  return env.DATABASE_URL ? PostgresDatabase.open(env.DATABASE_URL) : SqliteDatabase.open(env.databaseFile);
}

/** For messages: the file, or the PostgreSQL server and database without the password. */
export function whereTheDataIs(env: Pick<Env, 'DATABASE_URL' | 'databaseFile'>): string {
  if (!env.DATABASE_URL) return `at ${env.databaseFile}`;
  const url = new URL(env.DATABASE_URL);
  return `${url.pathname.slice(1)} on ${url.host}`;
}
