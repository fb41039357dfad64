/**
 * The API suite on PostgreSQL, at DATABASE_URL_TEST. Without it the run is
 * skipped and says so (a developer's machine with no PostgreSQL); under CI
 * it is required, so a missing engine fails instead of passing in silence.
 */
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL_TEST) {
  if (process.env.CI) {
    console.error('CI must run the API suite on PostgreSQL: set DATABASE_URL_TEST (e.g. postgres://postgres@127.0.0.1:5432/test).');
    process.exit(1);
  }
  console.warn('Skipped the API suite on PostgreSQL: DATABASE_URL_TEST is not set (e.g. DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.postgres.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
