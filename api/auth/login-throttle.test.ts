import { describe, expect, it } from 'vitest';
import { describeWithRedis, testRedisConnections, testRedisPrefix } from '../testing/shared-services';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, type ThrottleLimits } from './login-throttle';
import { RedisThrottleState } from './redis-throttle-state';
import { MemoryThrottleState, type ThrottleState } from './throttle-state';

const limits = { ...DEFAULT_THROTTLE_LIMITS, perPair: 3, windowMs: 60_000, accountBackoffAfter: 5, accountBackoffBaseMs: 1_000, accountBackoffMaxMs: 8_000, knownSignInMs: 600_000 };

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

}

describe('LoginThrottle in memory', () => {
  throttlesSignIns((limits) => new MemoryThrottleState(limits.maxEntries));

  it('keeps a bounded number of entries however many accounts and addresses are tried', async () => {
    const state = new MemoryThrottleState(100);
    const throttle = new LoginThrottle(limits, () => 0, state);
    for (let i = 0; i < 10_000; i++) await throttle.recordFailure(`user${i}@x.co`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(state.size).toBeLessThanOrEqual(200);
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
});
