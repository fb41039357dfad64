import { describe, expect, it } from 'vitest';
import { describeWithRedis, testRedisConnections, testRedisPrefix } from '../../testing/shared-services';
import { MemoryLimitStore, type LimitStore, type LimitWindow } from './limit-store';
import { RedisLimitStore } from './redis-limit-store';

const perMinute: LimitWindow = { name: 'per-minute', limit: 2, windowMs: 60_000 };
const perDay: LimitWindow = { name: 'per-day', limit: 1, windowMs: 86_400_000 };
const bytes: LimitWindow = { name: 'bytes', limit: 100, windowMs: 60_000 };

/** What every store must do, whatever holds the counts. */
function behavesAsALimitStore(makeStore: (now: () => number) => LimitStore) {
  it('allows the limit within the window, then says how long to wait, per key', async () => {
    let now = 1_000;
    const store = makeStore(() => now);
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(0);
    now += 10_000;
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(0);
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(50_000);
    expect(await store.take([{ window: perMinute, key: 'b' }])).toBe(0);
    now += 50_001;
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(0);
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBeGreaterThan(0);
  });

  it('counts amounts: waits until enough of what was spent ages out for the new amount to fit', async () => {
    let now = 0;
    const store = makeStore(() => now);
    expect(await store.take([{ window: bytes, key: 'a', amount: 60 }])).toBe(0);
    now = 10_000;
    expect(await store.take([{ window: bytes, key: 'a', amount: 30 }])).toBe(0);
    expect(await store.take([{ window: bytes, key: 'a', amount: 20 }])).toBe(50_000);
    expect(await store.take([{ window: bytes, key: 'a', amount: 10 }])).toBe(0);
    now = 60_001;
    expect(await store.take([{ window: bytes, key: 'a', amount: 50 }])).toBe(0);
  });

  it('spends on every window or on none', async () => {
    const store = makeStore(() => 0);
    const both = [
      { window: perMinute, key: 'a' },
      { window: perDay, key: 'a' },
    ];
    expect(await store.take(both)).toBe(0);
    expect(await store.take(both)).toBe(86_400_000);
    // The refused take spent nothing on the window that had room: one more fits there.
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(0);
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(60_000);
  });

  it('keeps two windows of the same key apart', async () => {
    const store = makeStore(() => 0);
    expect(await store.take([{ window: perDay, key: 'a' }])).toBe(0);
    expect(await store.take([{ window: perMinute, key: 'a' }])).toBe(0);
  });
}

describe('MemoryLimitStore', () => {
  behavesAsALimitStore((now) => new MemoryLimitStore(now));
});

describeWithRedis('RedisLimitStore', () => {
  const connect = testRedisConnections();
  behavesAsALimitStore((now) => new RedisLimitStore(connect().commands, now));

  it('counts what every process spends: two stores on one Redis share the limit', async () => {
    const prefix = testRedisPrefix();
    const first = new RedisLimitStore(connect(prefix).commands, () => 0);
    const second = new RedisLimitStore(connect(prefix).commands, () => 0);
    expect(await first.take([{ window: perMinute, key: 'a' }])).toBe(0);
    expect(await second.take([{ window: perMinute, key: 'a' }])).toBe(0);
    expect(await first.take([{ window: perMinute, key: 'a' }])).toBe(60_000);
    expect(await second.take([{ window: perMinute, key: 'a' }])).toBe(60_000);
  });

  it('lets exactly the limit through when many take at once', async () => {
    const store = new RedisLimitStore(connect().commands, () => 0);
    const window: LimitWindow = { name: 'race', limit: 10, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 50 }, () => store.take([{ window, key: 'a' }])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });
});
