import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{api,sync,app}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
