import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  const options = { baseMs: 1_000, maxMs: 60_000 };

  it('doubles the ceiling with each failure', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, 0.999_999, options))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits less than half the ceiling, whatever the jitter', () => {
    expect(retryDelayMs(3, 0, options)).toBe(2_000);
    expect(retryDelayMs(3, 0.5, options)).toBe(3_000);
  });

  it('stops growing at the maximum', () => {
    expect(retryDelayMs(30, 0.999_999, options)).toBe(60_000);
    expect(retryDelayMs(30, 0, options)).toBe(30_000);
  });
});
