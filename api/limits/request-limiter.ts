/**
 * Counts requests per key in a sliding window: at most `limit` within
 * `windowMs`. Kept in memory in a map of bounded size, like the sign-in
 * throttle.
 */
import { BoundedMap } from '../limits/bounded-map';

export class RequestLimiter {
  private readonly hits: BoundedMap<string, number[]>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    maxEntries = 50_000,
  ) {
    this.hits = new BoundedMap(maxEntries);
  }

  /** Counts a request; answers 0 when it is allowed, else the milliseconds until one more would be. */
  take(key: string): number {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return recent[0]! + this.windowMs - now;
    }
    this.hits.set(key, [...recent, now]);
    return 0;
  }
}
