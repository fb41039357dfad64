/**
 * Operator command: `npm run photos:cleanup` removes uploaded photos that no
 * product, lab result or profile uses any more (older than a day) and their
 * files. Safe while the server runs.
 */
import { cleanupUnusedPhotos } from '../photos/cleanup';
import { openDatabase } from '../db/open-database';
import { loadDotEnv, readEnv } from '../env';
import { fileStoreFromEnv } from '../photos/file-store-from-env';

async function run() {
  loadDotEnv();
  const env = readEnv();
  const db = openDatabase(env);
  try {
    const files = fileStoreFromEnv(env);
    const report = await cleanupUnusedPhotos({ db, files }, new Date());
    for (const id of report.photoIds) console.info(`removed photo record ${id}`);
    for (const file of report.files) console.info(`removed file ${file}`);
    console.info(`Removed ${report.photosRemoved} unused photo record(s) and ${report.filesRemoved} file(s) from ${files.location}.`);
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
