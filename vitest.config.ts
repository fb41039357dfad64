import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{api,sync,app,scripts}/**/*.test.{ts,tsx}'],
    // The load proof runs alone (vitest.load.config.ts): its latency goal means nothing while other tests share the cores.
    exclude: [...configDefaults.exclude, 'api/tests/load/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
