/**
 * Randomness a failed run can replay. A test that draws random cases or timings takes them from here: the seed is
 * TEST_SEED when it is set and a fixed number otherwise, so every run draws the same unless asked to draw others, and a
 * failing test prints the seed it ran with (run it again with `TEST_SEED=<seed>` to see the same draws). sync/ reads
 * no environment: the run's global setup (api/testing/seed-global-setup.ts) reads TEST_SEED through api/env.ts and
 * hands it to every test.
 */
import { inject, onTestFailed } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_SEED as the run's global setup read it, null when it is unset. */
    testSeed: number | null;
  }
}

const FIXED_SEED = 20_250_301;

/** The seed of this run: TEST_SEED when set, the fixed one otherwise. */
export function testSeed(): number {
  const given = inject('testSeed');
  if (given === undefined) throw new Error('This run was handed no seed: its vitest config must list api/testing/seed-global-setup.ts in globalSetup.');
  return given ?? FIXED_SEED;
}

/** mulberry32: numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Called inside a test: this run's seed, printed should the test fail. */
export function seedForThisTest(): number {
  const seed = testSeed();
  onTestFailed(() => console.error(`Seeded with ${seed}: run again with TEST_SEED=${seed} to draw the same.`));
  return seed;
}

/** Called inside a test: numbers in [0, 1) from this run's seed, which is printed should the test fail. */
export function randomForThisTest(): () => number {
  return seededRandom(seedForThisTest());
}

/** Called inside a test: fast-check's options for `numRuns` cases drawn from this run's seed, printed should it fail. */
export function propertyOptions(numRuns: number): { seed: number; numRuns: number } {
  return { seed: seedForThisTest(), numRuns };
}
