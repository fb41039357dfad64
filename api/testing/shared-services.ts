/**
 * The shared engines the scale-out tests use: Redis at REDIS_URL_TEST (and
 * PostgreSQL at DATABASE_URL_TEST, see `postgres.ts`). On a
 * developer's machine without Redis, a suite that needs it is skipped and
 * says why; under CI it always runs, so a missing engine fails the run
 * instead of passing in silence.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe } from 'vitest';
import { connectRedis, type SharedRedis } from '../shared/redis';
import { DATABASE_URL_TEST } from './postgres';

export const REDIS_URL_TEST = process.env.REDIS_URL_TEST || undefined;

/** `describe` when REDIS_URL_TEST is set or under CI; otherwise the suite is skipped with the reason printed. */
export function describeWithRedis(name: string, suite: () => void): void {
  if (REDIS_URL_TEST || process.env.CI) {
    describe(name, suite);
    return;
  }
  console.warn(`Skipped "${name}": it needs Redis, and REDIS_URL_TEST is not set (e.g. REDIS_URL_TEST=redis://127.0.0.1:6379).`);
  describe.skip(name, suite);
}

/** `describe` when both REDIS_URL_TEST and DATABASE_URL_TEST are set, or under CI; otherwise skipped with what is missing printed. */
export function describeWithRedisAndPostgres(name: string, suite: () => void): void {
  const missing = [!REDIS_URL_TEST && 'Redis (REDIS_URL_TEST)', !DATABASE_URL_TEST && 'PostgreSQL (DATABASE_URL_TEST)'].filter(Boolean);
  if (missing.length === 0 || process.env.CI) {
    describe(name, suite);
    return;
  }
  console.warn(`Skipped "${name}": it needs ${missing.join(' and ')}, which is not set.`);
  describe.skip(name, suite);
}

/** A key prefix of the test's own, so that runs never see each other's keys or messages. */
export const testRedisPrefix = () => `test-${randomUUID()}:`;

/** Connections to the test Redis, under `prefix`. */
export function testRedis(prefix = testRedisPrefix()): SharedRedis {
  if (!REDIS_URL_TEST) throw new Error('REDIS_URL_TEST is not set: CI must run the Redis tests (e.g. REDIS_URL_TEST=redis://127.0.0.1:6379)');
  return connectRedis(REDIS_URL_TEST, prefix);
}

/**
 * For a suite: `connect()` opens a connection to the test Redis under a
 * prefix of its own, or under `prefix` to share state with another; every
 * one is closed after the suite.
 */
export function testRedisConnections(): (prefix?: string) => SharedRedis {
  const connections: SharedRedis[] = [];
  afterAll(() => Promise.all(connections.map((redis) => redis.close())));
  return (prefix = testRedisPrefix()) => {
    const redis = testRedis(prefix);
    connections.push(redis);
    return redis;
  };
}
