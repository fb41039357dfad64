import { describe, expect, it } from 'vitest';
import { describeWithRedis, testRedisConnections, testRedisPrefix } from '../testing/shared-services';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, type ThrottleLimits } from './login-throttle';
import { RedisThrottleState } from './redis-throttle-state';
import { MemoryThrottleState, type ThrottleState } from './throttle-state';

const limits = {
  ...DEFAULT_THROTTLE_LIMITS,
  perPair: 3,
  windowMs: 60_000,
  accountBackoffAfter: 5,
  accountBackoffBaseMs: 1_000,
  accountBackoffMaxMs: 8_000,
  perAddress: 4,
  addressWindowMs: 600_000,
  addressBackoffBaseMs: 1_000,
  addressBackoffMaxMs: 8_000,
  knownSignInMs: 600_000,
};

/** What the throttle does whatever holds its state. */
function throttlesSignIns(makeState: (limits: ThrottleLimits) => ThrottleState) {
  const throttleFor = (now: () => number) => new LoginThrottle(limits, now, makeState(limits));

  it('makes one account and address pair wait out the window after its failures, and no other address', async () => {
    let now = 0;
    const throttle = throttleFor(() => now);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.co', '1.1.1.1');
    expect(await throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(60_000);
    expect(await throttle.retryAfterMs('a@x.co', '2.2.2.2')).toBe(0);
    expect(await throttle.retryAfterMs('b@x.co', '1.1.1.1')).toBe(0);
    now = 60_001;
    expect(await throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(0);
  });

  it('backs off an account guessed from many addresses, doubling up to a ceiling, never locking it', async () => {
    let now = 0;
    const throttle = throttleFor(() => now);
    for (let i = 0; i < 5; i++) await throttle.recordFailure('a@x.co', `10.0.0.${i}`);
    expect(await throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(1_000);
    await throttle.recordFailure('a@x.co', '10.0.0.50');
    expect(await throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(2_000);
    for (let i = 0; i < 20; i++) await throttle.recordFailure('a@x.co', `10.0.1.${i}`);
    expect(await throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(8_000);
    now = 8_000;
    expect(await throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(0);
  });

  it('spares an address that signed in to the account before from the account back-off', async () => {
    const throttle = throttleFor(() => 0);
    await throttle.recordSuccess('a@x.co', '3.3.3.3');
    for (let i = 0; i < 10; i++) await throttle.recordFailure('a@x.co', `10.0.0.${i}`);
    expect(await throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('a@x.co', '3.3.3.3')).toBe(0);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const throttle = throttleFor(() => 0);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('a@x.co', '1.1.1.1');
    await throttle.recordSuccess('a@x.co', '1.1.1.1');
    expect(await throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(0);
  });

  it('slows an address failing on many accounts past its budget, doubling with each failure up to a ceiling, and no other address', async () => {
    let now = 0;
    const throttle = throttleFor(() => now);
    for (let i = 0; i < 3; i++) await throttle.recordFailure(`user${i}@x.co`, '1.1.1.1');
    expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(0);
    await throttle.recordFailure('user3@x.co', '1.1.1.1');
    expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(1_000);
    expect(await throttle.retryAfterMs('next@x.co', '2.2.2.2')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      now += await throttle.retryAfterMs('next@x.co', '1.1.1.1');
      // Each wait, once served, lets the address try again: slowed, never locked.
      expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(0);
      await throttle.recordFailure(`later${i}@x.co`, '1.1.1.1');
      waits.push(await throttle.retryAfterMs('next@x.co', '1.1.1.1'));
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 8_000, 8_000, 8_000]);
  });

  it('gives an address its budget again as its failures leave the window', async () => {
    let now = 0;
    const throttle = throttleFor(() => now);
    for (let i = 0; i < 4; i++) await throttle.recordFailure(`user${i}@x.co`, '1.1.1.1');
    now = 599_999;
    expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(0);
    await throttle.recordFailure('user4@x.co', '1.1.1.1');
    expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(1);
    now = 600_000;
    expect(await throttle.retryAfterMs('next@x.co', '1.1.1.1')).toBe(0);
  });

  it('keeps an address slowed when it signs in to an account of its own, but not for that account', async () => {
    const throttle = throttleFor(() => 0);
    await throttle.recordSuccess('mine@x.co', '1.1.1.1');
    for (let i = 0; i < 4; i++) await throttle.recordFailure(`user${i}@x.co`, '1.1.1.1');
    await throttle.recordSuccess('mine@x.co', '1.1.1.1');
    expect(await throttle.retryAfterMs('other@x.co', '1.1.1.1')).toBe(1_000);
    expect(await throttle.retryAfterMs('mine@x.co', '1.1.1.1')).toBe(0);
  });

  it('counts the addresses of one IPv6 /64 as one client, and an IPv4 client however its socket wrote it', async () => {
    const throttle = throttleFor(() => 0);
    for (let i = 1; i <= 3; i++) await throttle.recordFailure('a@x.co', `2001:db8:1:2::${i}`);
    expect(await throttle.retryAfterMs('a@x.co', '2001:db8:1:2:abcd::9')).toBe(60_000);
    expect(await throttle.retryAfterMs('a@x.co', '2001:db8:1:3::1')).toBe(0);
    await throttle.recordFailure('b@x.co', '198.51.100.7');
    await throttle.recordFailure('c@x.co', '::ffff:198.51.100.7');
    await throttle.recordFailure('d@x.co', '198.51.100.7');
    await throttle.recordFailure('e@x.co', '::ffff:198.51.100.7');
    expect(await throttle.retryAfterMs('f@x.co', '198.51.100.7')).toBe(1_000);
  });
}

describe('LoginThrottle in memory', () => {
  throttlesSignIns((limits) => new MemoryThrottleState(limits.maxEntries));

  it('keeps a bounded number of entries however many accounts and addresses are tried', async () => {
    const state = new MemoryThrottleState(100);
    const throttle = new LoginThrottle(limits, () => 0, state);
    for (let i = 0; i < 10_000; i++) await throttle.recordFailure(`user${i}@x.co`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(state.size).toBeLessThanOrEqual(210);
  });
});

describeWithRedis('LoginThrottle in Redis', () => {
  const connect = testRedisConnections();
  throttlesSignIns((limits) => new RedisThrottleState(connect().commands, limits.knownSignInMs));

  it('counts the failures seen by every process: two throttles on one Redis wait together', async () => {
    const prefix = testRedisPrefix();
    const first = new LoginThrottle(limits, () => 0, new RedisThrottleState(connect(prefix).commands, limits.knownSignInMs));
    const second = new LoginThrottle(limits, () => 0, new RedisThrottleState(connect(prefix).commands, limits.knownSignInMs));
    await first.recordFailure('a@x.co', '1.1.1.1');
    await second.recordFailure('a@x.co', '1.1.1.1');
    expect(await first.retryAfterMs('a@x.co', '1.1.1.1')).toBe(0);
    await first.recordFailure('a@x.co', '1.1.1.1');
    expect(await second.retryAfterMs('a@x.co', '1.1.1.1')).toBe(60_000);
  });

  it('spends one budget per address across processes: failures seen by two throttles slow the address on both', async () => {
    const prefix = testRedisPrefix();
    const first = new LoginThrottle(limits, () => 0, new RedisThrottleState(connect(prefix).commands, limits.knownSignInMs));
    const second = new LoginThrottle(limits, () => 0, new RedisThrottleState(connect(prefix).commands, limits.knownSignInMs));
    await first.recordFailure('a@x.co', '1.1.1.1');
    await second.recordFailure('b@x.co', '1.1.1.1');
    await first.recordFailure('c@x.co', '1.1.1.1');
    expect(await second.retryAfterMs('d@x.co', '1.1.1.1')).toBe(0);
    await second.recordFailure('e@x.co', '1.1.1.1');
    expect(await first.retryAfterMs('d@x.co', '1.1.1.1')).toBe(1_000);
    expect(await second.retryAfterMs('d@x.co', '1.1.1.1')).toBe(1_000);
  });
});
