/**
 * The shared engines the scale-out tests use: Redis at REDIS_URL_TEST (and
 * PostgreSQL at DATABASE_URL_TEST, see `postgres.ts`); suites that need
 * them are skipped, saying why, only off CI (see `describe-needing.ts`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { connectRedis, type SharedRedis } from '../platform/redis';
import { describeNeeding, NEEDS_POSTGRES, NEEDS_REDIS } from './describe-needing';

export const REDIS_URL_TEST = process.env.REDIS_URL_TEST || undefined;

export const describeWithRedis = (name: string, suite: () => void) => describeNeeding([NEEDS_REDIS], name, suite);

export const describeWithRedisAndPostgres = (name: string, suite: () => void) => describeNeeding([NEEDS_REDIS, NEEDS_POSTGRES], name, suite);

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
