import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace modules or globals (vi.mock, fake-indexeddb's
 * global IndexedDB) or drive whole devices and processes: each runs in a
 * fresh module graph of its own.
 */
export const NEEDS_ISOLATION = ['api/tests/**/*.test.ts', 'api/auth/reset-password-limits.test.ts', 'api/sync/batch-outcomes.test.ts'];

const server = ['api/**/*.test.ts', 'sync/**/*.test.ts'];
// The load proof runs alone (vitest.load.config.ts): a minute of load on the cores would slow every other test, and skew the latencies it prints.
const exclude = [...configDefaults.exclude, 'api/tests/load/**'];
// Before the tests: the migrated template database, and the seed of random draws (TEST_SEED, read through api/env.ts).
// Hooks set up databases (every migration, on a new PostgreSQL database): a loaded machine needs more than ten seconds.
const shared = { globalSetup: ['api/testing/sqlite-global-setup.ts', 'api/testing/seed-global-setup.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        // Importing the server took most of each file's time: these files share one module graph per worker instead.
        // They leave no module or global replaced behind them (each test app has its own services and database).
        test: { ...shared, name: 'server', include: server, exclude: [...exclude, ...NEEDS_ISOLATION], isolate: false },
      },
      {
        test: { ...shared, name: 'isolated', include: ['{app,scripts}/**/*.test.{ts,tsx}', ...NEEDS_ISOLATION], exclude },
      },
    ],
  },
});
