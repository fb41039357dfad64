/**
 * Databases made and dropped on a PostgreSQL server, for the tests, the
 * browser tests and the benchmarks alike (no test runner needed).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server's maintenance database `serverUrl` (creating or dropping databases). */
export async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of database `name` on the server at `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new empty database named `<prefix>_<random>`: its address, and the call that drops it. */
export async function newPostgresDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onPostgresServer(serverUrl, `CREATE DATABASE "${name}"`);
  return { url: databaseUrlOn(serverUrl, name), drop: () => onPostgresServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
