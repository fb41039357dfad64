/**
 * Operator command: `npm run db:migrate` applies the committed migrations to
 * the configured database and exits, so a deploy can migrate once before it
 * starts or replaces its API processes. Migrations only add (tables, columns
 * with defaults, indexes) while an older version may still serve; what a new
 * version stops using is removed by a later release, once no process of the
 * older one runs. The server also applies them when it starts.
 */
import { openDatabase, whereTheDataIs } from '../db/open-database';
import { loadDotEnv, readEnv } from '../env';

async function run() {
  loadDotEnv();
  const env = readEnv();
  const db = openDatabase(env);
  try {
    await db.opened();
    console.info(`The database ${whereTheDataIs(env)} is up to date.`);
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
