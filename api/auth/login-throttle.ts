/**
 * Slows down password guessing without letting anyone lock an account's owner
 * out. Failures count per account and address pair: a few wrong passwords make
 * that pair wait, and no other address. Many failures on one account from
 * anywhere start a per-account back-off that doubles with each failure up to a
 * short ceiling, never a lock, and an address that has signed in to the account
 * before is spared it. Kept in memory (one server process serves the site),
 * in maps of bounded size.
 */
import { BoundedMap } from '../limits/bounded-map';

export type ThrottleLimits = {
  /** Failures of one account from one address within the window before that pair waits out the window. */
  perPair: number;
  windowMs: number;
  /** Failures of one account, from all addresses, within the window before the back-off starts. */
  accountBackoffAfter: number;
  accountBackoffBaseMs: number;
  accountBackoffMaxMs: number;
  /** How many pairs, accounts and known sign-ins each map keeps at most. */
  maxEntries: number;
};

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perPair: 5,
  windowMs: 15 * 60_000,
  accountBackoffAfter: 10,
  accountBackoffBaseMs: 1_000,
  accountBackoffMaxMs: 60_000,
  maxEntries: 50_000,
};

type AccountFailures = { count: number; lastAt: number };

export class LoginThrottle {
  private readonly pairFailures: BoundedMap<string, number[]>;
  private readonly accountFailures: BoundedMap<string, AccountFailures>;
  private readonly knownSignIns: BoundedMap<string, number>;

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.pairFailures = new BoundedMap(limits.maxEntries);
    this.accountFailures = new BoundedMap(limits.maxEntries);
    this.knownSignIns = new BoundedMap(limits.maxEntries);
  }

  /** Milliseconds until this address may try this account again, or 0 when it may now. */
  retryAfterMs(account: string, address: string): number {
    return Math.max(this.pairWait(account, address), this.accountWait(account, address));
  }

  recordFailure(account: string, address: string): void {
    const now = this.now();
    // Only the last `perPair` times matter, so no list grows past that.
    const times = [...this.recentPairFailures(pairKey(account, address)), now].slice(-this.limits.perPair);
    this.pairFailures.set(pairKey(account, address), times);
    const current = this.currentAccountFailures(account);
    this.accountFailures.set(account, { count: (current?.count ?? 0) + 1, lastAt: now });
  }

  recordSuccess(account: string, address: string): void {
    this.pairFailures.delete(pairKey(account, address));
    this.accountFailures.delete(account);
    this.knownSignIns.set(pairKey(account, address), this.now());
  }

  /** How many entries the throttle holds, all maps together. */
  get size(): number {
    return this.pairFailures.size + this.accountFailures.size + this.knownSignIns.size;
  }

  private pairWait(account: string, address: string): number {
    const times = this.recentPairFailures(pairKey(account, address));
    if (times.length < this.limits.perPair) return 0;
    return times[times.length - this.limits.perPair]! + this.limits.windowMs - this.now();
  }

  private accountWait(account: string, address: string): number {
    if (this.knownSignIns.get(pairKey(account, address)) !== undefined) return 0;
    const failures = this.currentAccountFailures(account);
    if (!failures || failures.count < this.limits.accountBackoffAfter) return 0;
    const steps = failures.count - this.limits.accountBackoffAfter;
    const delay = Math.min(this.limits.accountBackoffBaseMs * 2 ** Math.min(steps, 30), this.limits.accountBackoffMaxMs);
    return Math.max(0, failures.lastAt + delay - this.now());
  }

  private recentPairFailures(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const times = (this.pairFailures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.pairFailures.delete(key);
    return times;
  }

  /** An account's failures, forgotten once none came within the window. */
  private currentAccountFailures(account: string): AccountFailures | undefined {
    const failures = this.accountFailures.get(account);
    if (failures && failures.lastAt <= this.now() - this.limits.windowMs) {
      this.accountFailures.delete(account);
      return undefined;
    }
    return failures;
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;
