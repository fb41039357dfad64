/** `npm run test:load`: the load proofs, one at a time, on a machine no other test is using. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api/tests/load/**/*.test.ts'],
    // The seed of any random draws (TEST_SEED), as every run has it.
    globalSetup: ['api/testing/seed-global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
