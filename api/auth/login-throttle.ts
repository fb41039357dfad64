/**
 * Limits failed sign-ins per account and per client address within a sliding
 * window. Kept in memory: one server process serves the whole site.
 */
export type ThrottleLimits = { perAccount: number; perAddress: number; windowMs: number };

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfterMs(account: string, address: string): number {
    return Math.max(
      this.waitFor(`account:${account}`, this.limits.perAccount),
      this.waitFor(`address:${address}`, this.limits.perAddress),
    );
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`account:${account}`, `address:${address}`]) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.set(key, times);
    }
  }

  recordSuccess(account: string): void {
    this.failures.delete(`account:${account}`);
  }

  private waitFor(key: string, limit: number): number {
    const times = this.recent(key);
    if (times.length < limit) return 0;
    return times[times.length - limit]! + this.limits.windowMs - this.now();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }
}
