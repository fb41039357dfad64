import { describe, expect, it } from 'vitest';
import { RequestLimiter } from './request-limiter';

describe('RequestLimiter', () => {
  it('allows the limit within the window, then says how long to wait, per key', () => {
    let now = 1_000;
    const limiter = new RequestLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toBe(0);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(50_000);
    expect(limiter.take('b')).toBe(0);
    now += 50_001;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });
});
