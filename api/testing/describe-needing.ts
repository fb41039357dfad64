/**
 * Suites that need a shared engine (Redis, PostgreSQL). On a developer's
 * machine without one, the suite is skipped and says which variable to set;
 * under CI it always runs, so a missing engine fails the run instead of
 * passing in silence.
 */
import { describe } from 'vitest';

export type Need = { engine: string; variable: string; example: string };

export const NEEDS_REDIS: Need = { engine: 'Redis', variable: 'REDIS_URL_TEST', example: 'redis://127.0.0.1:6379' };
export const NEEDS_POSTGRES: Need = { engine: 'PostgreSQL', variable: 'DATABASE_URL_TEST', example: 'postgres://postgres@127.0.0.1:5432/test' };

export function describeNeeding(needs: Need[], name: string, suite: () => void): void {
  const missing = needs.filter((need) => !process.env[need.variable]);
  if (missing.length === 0 || process.env.CI) {
    describe(name, suite);
    return;
  }
  const what = missing.map((need) => `${need.engine} (set ${need.variable}, e.g. ${need.variable}=${need.example})`).join(' and ');
  console.warn(`Skipped "${name}": it needs ${what}.`);
  describe.skip(name, suite);
}
