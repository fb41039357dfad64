/**
 * Before the API suite runs on PostgreSQL: one template database, migrated
 * once, that every test app's database is cloned from; after it, the
 * template and any clone a test left behind are dropped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../db/pg/migrate-postgres';
import { DATABASE_URL_TEST, onTestServer, testDatabaseUrl } from './postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!DATABASE_URL_TEST) throw new Error('The PostgreSQL run needs DATABASE_URL_TEST (e.g. DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test).');
  const template = `menus_run_${randomBytes(4).toString('hex')}`;
  await onTestServer(`CREATE DATABASE "${template}"`);
  const client = new pg.Client({ connectionString: testDatabaseUrl(template) });
  await client.connect();
  try {
    await migratePostgres(client);
  } finally {
    await client.end();
  }
  project.provide('postgresTemplate', template);
  return async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL_TEST });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
