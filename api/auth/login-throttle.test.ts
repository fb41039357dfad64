import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const limits = { ...DEFAULT_THROTTLE_LIMITS, perPair: 3, windowMs: 60_000, accountBackoffAfter: 5, accountBackoffBaseMs: 1_000, accountBackoffMaxMs: 8_000 };

  it('makes one account and address pair wait out the window after its failures, and no other address', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.co', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(60_000);
    expect(throttle.retryAfterMs('a@x.co', '2.2.2.2')).toBe(0);
    expect(throttle.retryAfterMs('b@x.co', '1.1.1.1')).toBe(0);
    now = 60_001;
    expect(throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(0);
  });

  it('backs off an account guessed from many addresses, doubling up to a ceiling, never locking it', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 5; i++) throttle.recordFailure('a@x.co', `10.0.0.${i}`);
    expect(throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(1_000);
    throttle.recordFailure('a@x.co', '10.0.0.50');
    expect(throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(2_000);
    for (let i = 0; i < 20; i++) throttle.recordFailure('a@x.co', `10.0.1.${i}`);
    expect(throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(8_000);
    now = 8_000;
    expect(throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBe(0);
  });

  it('spares an address that signed in to the account before from the account back-off', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordSuccess('a@x.co', '3.3.3.3');
    for (let i = 0; i < 10; i++) throttle.recordFailure('a@x.co', `10.0.0.${i}`);
    expect(throttle.retryAfterMs('a@x.co', '9.9.9.9')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('a@x.co', '3.3.3.3')).toBe(0);
  });

  it('forgets the failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.co', '1.1.1.1');
    throttle.recordSuccess('a@x.co', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.co', '1.1.1.1')).toBe(0);
  });

  it('keeps a bounded number of entries however many accounts and addresses are tried', () => {
    const throttle = new LoginThrottle({ ...limits, maxEntries: 100 }, () => 0);
    for (let i = 0; i < 10_000; i++) throttle.recordFailure(`user${i}@x.co`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(throttle.size).toBeLessThanOrEqual(200);
  });
});
