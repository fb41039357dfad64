import { configDefaults, defineConfig } from 'vitest/config';
import { NEEDS_ISOLATION } from './vitest.config';

/**
 * The API suite again, every test app on PostgreSQL (DATABASE_URL_TEST): the
 * same domain and routes on the other engine. Left out: tests of SQLite
 * itself (its locks, its full disk, its statement cache, its backup), tests
 * that start server processes on a SQLite file of their own, the tests the
 * main run already runs on PostgreSQL (api/db/pg, the processes sharing
 * PostgreSQL and Redis), the property test of devices' convergence (about
 * the sync engine, not the database), and the unit tests, which never touch
 * a database.
 */
const exclude = [
  ...configDefaults.exclude,
  'api/tests/load/**',
  'api/tests/convergence/**',
  'api/db/pg/**',
  'api/db/sqlite-database.test.ts',
  'api/db/statement-cache.test.ts',
  'api/tests/faults/database-busy-answers-503-and-retry-applies-once.test.ts',
  'api/tests/faults/disk-full-answers-507-and-keeps-nothing.test.ts',
  'api/cli/backup.test.ts',
  'api/cli/admin.test.ts',
  'api/server-lifecycle.test.ts',
  'api/orders/invoice-pdf-server-process.test.ts',
  'api/push/push-server-process.test.ts',
  'api/tests/faults/killed-mid-*.test.ts',
  'api/tests/scale-out/two-processes-share-redis.test.ts',
  'api/orders/invoice-pdf.test.ts',
];
// Hooks set up databases (every migration, on a new PostgreSQL database): a loaded machine needs more than ten seconds.
// A test's every query crosses a connection to another process, which a loaded two-core machine may keep waiting: a test
// that takes a few seconds alone took over twenty there, so tests get a minute.
const shared = { globalSetup: ['api/testing/postgres-global-setup.ts', 'api/testing/seed-global-setup.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 };

/** As in the main run (vitest.config.ts), most files share one module graph per worker. */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'server', include: ['api/**/*.test.ts'], exclude: [...exclude, ...NEEDS_ISOLATION], isolate: false } },
      { test: { ...shared, name: 'isolated', include: NEEDS_ISOLATION, exclude } },
    ],
  },
});
