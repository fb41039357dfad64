import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };

  it('blocks an account after its limit of failures until the window passes', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.co', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.co', '2.2.2.2')).toBe(60_000);
    now = 60_001;
    expect(throttle.retryAfterMs('a@x.co', '2.2.2.2')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`user${i}@x.co`, '1.1.1.1');
    expect(throttle.retryAfterMs('fresh@x.co', '1.1.1.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('fresh@x.co', '9.9.9.9')).toBe(0);
  });

  it('forgets an account failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.co', '1.1.1.1');
    throttle.recordSuccess('a@x.co');
    expect(throttle.retryAfterMs('a@x.co', '3.3.3.3')).toBe(0);
  });
});
