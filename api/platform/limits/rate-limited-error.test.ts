import { describe, expect, it } from 'vitest';
import { RateLimitedError, waitText } from './rate-limited-error';

describe('waitText', () => {
  it('says the wait in the largest unit that still reads exactly enough, rounded up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(59_000)).toBe('59 seconds');
    expect(waitText(60_000)).toBe('1 minute');
    expect(waitText(61_000)).toBe('2 minutes');
    expect(waitText(120 * 60_000)).toBe('120 minutes');
    expect(waitText(121 * 60_000)).toBe('3 hours');
    expect(waitText(48 * 3_600_000)).toBe('48 hours');
    expect(waitText(49 * 3_600_000)).toBe('3 days');
  });
});

describe('RateLimitedError', () => {
  it('carries the wait as whole seconds, at least one', () => {
    expect(new RateLimitedError('Wait', 1).retryAfterSeconds).toBe(1);
    expect(new RateLimitedError('Wait', 1_500).retryAfterSeconds).toBe(2);
  });
});
