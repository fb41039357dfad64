/**
 * Slows down password guessing without letting anyone lock an account's owner
 * out. Failures count per account and address pair: a few wrong passwords make
 * that pair wait, and no other address. Many failures on one account from
 * anywhere start a per-account back-off that doubles with each failure up to a
 * short ceiling, never a lock, and an address that has signed in to the account
 * before is spared it. What it remembers lives in a ThrottleState: this
 * process's memory (bounded), or Redis shared by every process.
 */
import { MemoryThrottleState, type ThrottleState } from './throttle-state';

export type ThrottleLimits = {
  /** Failures of one account from one address within the window before that pair waits out the window. */
  perPair: number;
  windowMs: number;
  /** Failures of one account, from all addresses, within the window before the back-off starts. */
  accountBackoffAfter: number;
  accountBackoffBaseMs: number;
  accountBackoffMaxMs: number;
  /** How long an address that signed in to an account is spared that account's back-off. */
  knownSignInMs: number;
  /** How many pairs, accounts and known sign-ins the in-memory state keeps at most. */
  maxEntries: number;
};

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perPair: 5,
  windowMs: 15 * 60_000,
  accountBackoffAfter: 10,
  accountBackoffBaseMs: 1_000,
  accountBackoffMaxMs: 60_000,
  knownSignInMs: 90 * 24 * 60 * 60_000,
  maxEntries: 50_000,
};

export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly state: ThrottleState = new MemoryThrottleState(limits.maxEntries),
  ) {}

  /** Milliseconds until this address may try this account again, or 0 when it may now. */
  async retryAfterMs(account: string, address: string): Promise<number> {
    const [pairWait, accountWait] = await Promise.all([this.pairWait(account, address), this.accountWait(account, address)]);
    return Math.max(pairWait, accountWait);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const now = this.now();
    // Only the last `perPair` times matter, so no list grows past that.
    await Promise.all([
      this.state.addPairFailure(pairKey(account, address), now, this.limits.perPair, this.limits.windowMs),
      this.state.addAccountFailure(account, now, this.limits.windowMs),
    ]);
  }

  recordSuccess(account: string, address: string): Promise<void> {
    return this.state.recordSignIn(pairKey(account, address), account, this.now());
  }

  private async pairWait(account: string, address: string): Promise<number> {
    const now = this.now();
    const times = await this.state.pairFailures(pairKey(account, address), now - this.limits.windowMs);
    if (times.length < this.limits.perPair) return 0;
    return times[times.length - this.limits.perPair]! + this.limits.windowMs - now;
  }

  private async accountWait(account: string, address: string): Promise<number> {
    const now = this.now();
    if (await this.state.signedInSince(pairKey(account, address), now - this.limits.knownSignInMs)) return 0;
    const failures = await this.state.accountFailures(account, now, this.limits.windowMs);
    if (!failures || failures.count < this.limits.accountBackoffAfter) return 0;
    const steps = failures.count - this.limits.accountBackoffAfter;
    const delay = Math.min(this.limits.accountBackoffBaseMs * 2 ** Math.min(steps, 30), this.limits.accountBackoffMaxMs);
    return Math.max(0, failures.lastAt + delay - now);
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;
