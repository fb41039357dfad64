import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{api,sync,app,scripts}/**/*.test.{ts,tsx}'],
    // The load proof runs alone (vitest.load.config.ts): a minute of load on the cores would slow every other test, and skew the latencies it prints.
    exclude: [...configDefaults.exclude, 'api/tests/load/**'],
    globalSetup: ['api/testing/sqlite-global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
