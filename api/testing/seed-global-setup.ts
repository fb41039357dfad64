/**
 * Before any test runs: the seed of the run's random draws, TEST_SEED as api/env.ts reads it (null when unset), handed
 * to every test, on either side, through `inject('testSeed')` (see sync/testing/seeded-random.ts, which reads no
 * environment itself). A TEST_SEED that is no whole number stops the run here, before any test.
 */
import type { TestProject } from 'vitest/node';
import { readTestSeed } from '../env';

export default function setup(project: TestProject): void {
  project.provide('testSeed', readTestSeed() ?? null);
}
