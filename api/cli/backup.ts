/** Operator command: `npm run backup [-- <file>]` copies the live database to a file, safely while the server runs. */
import { resolve } from 'node:path';
import { loadDotEnv, readEnv } from '../env';
import { Database } from '../db/database';

async function run(target?: string) {
  loadDotEnv();
  const env = readEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(target ?? `${env.DATA_DIR}/backups/app-${stamp}.db`);
  const db = Database.open(env.databaseFile);
  try {
    await db.backup(file);
    console.info(`Backed up to ${file}`);
  } finally {
    db.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
