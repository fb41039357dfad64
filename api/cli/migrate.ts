/**
 * Operator command: `npm run db:migrate` applies the committed migrations to
 * the configured database and exits, so a deploy can migrate once before it
 * starts or replaces its API processes. Migrations only add (tables, columns
 * with defaults, indexes) while an older version may still serve; what a new
 * version stops using is removed by a later release, once no process of the
 * older one runs. The server also applies them when it starts.
 */
import { Database } from '../db/database';
import { loadDotEnv, readEnv } from '../env';

function run() {
  loadDotEnv();
  const env = readEnv();
  const db = Database.open(env.databaseFile);
  try {
    console.info(`The database at ${env.databaseFile} is up to date.`);
  } finally {
    db.close();
  }
}

try {
  run();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
