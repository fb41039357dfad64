/** `npm run test:load`: the load proofs, one at a time, on a machine no other test is using. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api/tests/load/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
