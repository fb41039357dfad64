import { describe, expect, it } from 'vitest';
import { RequestLimiter, takeAll } from './request-limiter';

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

  it('counts amounts: waits until enough of what was spent ages out for the new amount to fit', () => {
    let now = 0;
    const bytes = new RequestLimiter(100, 60_000, () => now);
    expect(bytes.take('a', 60)).toBe(0);
    now = 10_000;
    expect(bytes.take('a', 30)).toBe(0);
    // 90 spent: 20 more must wait for the 60 to age out; 10 more fits now.
    expect(bytes.take('a', 20)).toBe(50_000);
    expect(bytes.take('a', 10)).toBe(0);
    now = 60_001;
    expect(bytes.take('a', 50)).toBe(0);
  });

  it('lets an amount over the whole limit through only into an empty window', () => {
    let now = 0;
    const bytes = new RequestLimiter(100, 60_000, () => now);
    expect(bytes.take('a', 150)).toBe(0);
    expect(bytes.take('a', 1)).toBe(60_000);
    now = 60_000;
    expect(bytes.waitMs('a', 150)).toBe(0);
  });
});

describe('takeAll', () => {
  it('spends on every limiter or on none', () => {
    const now = 0;
    const perMinute = new RequestLimiter(2, 60_000, () => now);
    const perDay = new RequestLimiter(1, 86_400_000, () => now);
    expect(
      takeAll([
        { limiter: perMinute, key: 'a' },
        { limiter: perDay, key: 'a' },
      ]),
    ).toBe(0);
    expect(
      takeAll([
        { limiter: perMinute, key: 'a' },
        { limiter: perDay, key: 'a' },
      ]),
    ).toBe(86_400_000);
    // The refused take spent nothing on the limiter that had room.
    expect(perMinute.waitMs('a')).toBe(0);
  });
});
