import { describe, expect, it } from 'vitest';
import { LIVE_STREAM_BASE_WAIT_MS, LIVE_STREAM_MAX_WAIT_MS, liveStreamRetryDelayMs } from './live-stream-retry';

describe('when a refused live menu stream asks again', () => {
  it("waits the server's Retry-After, and at most a fifth more", () => {
    expect(liveStreamRetryDelayMs(30_000, 1, 0)).toBe(30_000);
    expect(liveStreamRetryDelayMs(30_000, 1, 0.5)).toBe(33_000);
    expect(liveStreamRetryDelayMs(30_000, 4, 0.999)).toBeLessThan(36_000);
    expect(liveStreamRetryDelayMs(30_000, 4, 0.999)).toBeGreaterThanOrEqual(35_900);
  });

  it('spreads viewers refused together over the added fifth', () => {
    const waits = [0, 0.25, 0.75].map((random) => liveStreamRetryDelayMs(10_000, 1, random));
    expect(waits).toEqual([10_000, 10_500, 11_500]);
  });

  it('never waits longer than the cap, however long the server asks', () => {
    expect(liveStreamRetryDelayMs(60 * 60_000, 1, 0)).toBe(LIVE_STREAM_MAX_WAIT_MS);
    expect(liveStreamRetryDelayMs(LIVE_STREAM_MAX_WAIT_MS - 1_000, 1, 0.9)).toBe(LIVE_STREAM_MAX_WAIT_MS);
  });

  it('asks again at once when the server says now', () => {
    expect(liveStreamRetryDelayMs(0, 1, 0.7)).toBe(0);
  });

  it('without a Retry-After, waits longer with each refusal in a row, up to the cap', () => {
    expect(liveStreamRetryDelayMs(null, 1, 0)).toBe(LIVE_STREAM_BASE_WAIT_MS / 2);
    expect(liveStreamRetryDelayMs(null, 1, 0.999)).toBeLessThanOrEqual(LIVE_STREAM_BASE_WAIT_MS);
    expect(liveStreamRetryDelayMs(null, 2, 0)).toBe(LIVE_STREAM_BASE_WAIT_MS);
    expect(liveStreamRetryDelayMs(null, 3, 0)).toBe(2 * LIVE_STREAM_BASE_WAIT_MS);
    expect(liveStreamRetryDelayMs(null, 20, 0.999)).toBeLessThanOrEqual(LIVE_STREAM_MAX_WAIT_MS);
    expect(liveStreamRetryDelayMs(null, 20, 0)).toBe(LIVE_STREAM_MAX_WAIT_MS / 2);
  });
});
