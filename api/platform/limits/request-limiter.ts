/**
 * Counts what a key spends in a sliding window: at most `limit` within
 * `windowMs`. A request spends 1; an upload may spend its bytes. Kept in
 * memory in a map of bounded size, like the sign-in throttle, so a restart
 * forgets the counts: these limits slow abuse down, they are not accounting.
 */
import { BoundedMap } from './bounded-map';

type Spend = { at: number; amount: number };

export class RequestLimiter {
  private readonly spends: BoundedMap<string, Spend[]>;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    maxEntries = 50_000,
  ) {
    this.spends = new BoundedMap(maxEntries);
  }

  /** Milliseconds until `amount` more fits within the limit, or 0 when it fits now. Spends nothing. */
  waitMs(key: string, amount = 1): number {
    const now = this.now();
    const recent = this.recent(key, now);
    // What has to age out of the window before `amount` fits; an amount over the whole limit waits for all of it.
    let excess = recent.reduce((sum, spend) => sum + spend.amount, 0) + Math.min(amount, this.limit) - this.limit;
    for (const spend of recent) {
      if (excess <= 0) break;
      excess -= spend.amount;
      if (excess <= 0) return spend.at + this.windowMs - now;
    }
    return 0;
  }

  /** Spends `amount` now. */
  record(key: string, amount = 1): void {
    const now = this.now();
    this.spends.set(key, [...this.recent(key, now), { at: now, amount }]);
  }

  /** Spends `amount` when it fits: answers 0, else the milliseconds until it would (and spends nothing). */
  take(key: string, amount = 1): number {
    const wait = this.waitMs(key, amount);
    if (wait === 0) this.record(key, amount);
    return wait;
  }

  private recent(key: string, now: number): Spend[] {
    return (this.spends.get(key) ?? []).filter((spend) => spend.at > now - this.windowMs);
  }
}

/** Spends on every limiter or on none: answers 0 when all had room, else the longest wait. */
export function takeAll(spends: Array<{ limiter: RequestLimiter; key: string; amount?: number }>): number {
  const wait = Math.max(0, ...spends.map(({ limiter, key, amount }) => limiter.waitMs(key, amount)));
  if (wait === 0) for (const { limiter, key, amount } of spends) limiter.record(key, amount);
  return wait;
}
