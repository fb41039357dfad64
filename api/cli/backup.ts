/**
 * Operator command: `npm run backup [-- <file>]` copies the live embedded
 * database to a file, safely while the server runs. PostgreSQL is backed up
 * with its own tools (pg_dump, or the provider's snapshots).
 */
import { resolve } from 'node:path';
import { loadDotEnv, readEnv } from '../env';
import { SqliteDatabase } from '../db/sqlite-database';

async function run(target?: string) {
  loadDotEnv();
  const env = readEnv();
  if (env.DATABASE_URL) throw new Error("DATABASE_URL is set: back PostgreSQL up with pg_dump (or your provider's snapshots); this command copies the embedded SQLite file.");
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(target ?? `${env.DATA_DIR}/backups/app-${stamp}.db`);
  const db = SqliteDatabase.open(env.databaseFile);
  try {
    await db.backup(file);
    console.info(`Backed up to ${file}`);
  } finally {
    await db.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
