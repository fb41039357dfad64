/**
 * Slows down password guessing without letting anyone lock an account's owner
 * out. Failures count per account and address pair: a few wrong passwords make
 * that pair wait, and no other address. Many failures on one account from
 * anywhere start a per-account back-off that doubles with each failure up to a
 * short ceiling, never a lock, and an address that has signed in to the account
 * before is spared it. One address failing on many accounts has a budget per
 * hour; past it, each try waits a back-off that doubles with each failure up
 * to a ceiling, again never a lock, and again sparing the accounts it signed
 * in to before. An IPv6 client counts as its /64. What it remembers lives in
 * a ThrottleState: this process's memory (bounded), or Redis shared by every
 * process.
 */
import { quotaKeyOf } from '../platform/http/client-address';
import { MemoryThrottleState, type ThrottleState } from './throttle-state';

export type ThrottleLimits = {
  /** Failures of one account from one address within the window before that pair waits out the window. */
  perPair: number;
  windowMs: number;
  /** Failures of one account, from all addresses, within the window before the back-off starts. */
  accountBackoffAfter: number;
  accountBackoffBaseMs: number;
  accountBackoffMaxMs: number;
  /** Failures from one address, on any accounts, within `addressWindowMs` before that address's back-off starts. */
  perAddress: number;
  addressWindowMs: number;
  addressBackoffBaseMs: number;
  addressBackoffMaxMs: number;
  /** How long an address that signed in to an account is spared that account's and its own back-off for it. */
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
  perAddress: 100,
  addressWindowMs: 60 * 60_000,
  addressBackoffBaseMs: 1_000,
  addressBackoffMaxMs: 5 * 60_000,
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
    const now = this.now();
    const client = quotaKeyOf(address);
    const pair = pairKey(account, client);
    const [pairWait, known] = await Promise.all([this.pairWait(pair, now), this.state.signedInSince(pair, now - this.limits.knownSignInMs)]);
    if (known) return pairWait;
    const [accountWait, addressWait] = await Promise.all([this.accountWait(account, now), this.addressWait(client, now)]);
    return Math.max(pairWait, accountWait, addressWait);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const now = this.now();
    const client = quotaKeyOf(address);
    // Only the last `perPair` times matter, so no list grows past that; an address's, past where its back-off stops growing.
    await Promise.all([
      this.state.addPairFailure(pairKey(account, client), now, this.limits.perPair, this.limits.windowMs),
      this.state.addAccountFailure(account, now, this.limits.windowMs),
      this.state.addAddressFailure(client, now, this.limits.perAddress + this.addressStepsToCeiling(), this.limits.addressWindowMs),
    ]);
  }

  /** A sign-in forgets the pair's and the account's failures, not the address's: signing in to an account of one's own buys no more guesses at others. */
  recordSuccess(account: string, address: string): Promise<void> {
    return this.state.recordSignIn(pairKey(account, quotaKeyOf(address)), account, this.now());
  }

  private async pairWait(pair: string, now: number): Promise<number> {
    const times = await this.state.pairFailures(pair, now - this.limits.windowMs);
    if (times.length < this.limits.perPair) return 0;
    return times[times.length - this.limits.perPair]! + this.limits.windowMs - now;
  }

  private async accountWait(account: string, now: number): Promise<number> {
    const failures = await this.state.accountFailures(account, now, this.limits.windowMs);
    if (!failures || failures.count < this.limits.accountBackoffAfter) return 0;
    const delay = backoff(failures.count - this.limits.accountBackoffAfter, this.limits.accountBackoffBaseMs, this.limits.accountBackoffMaxMs);
    return Math.max(0, failures.lastAt + delay - now);
  }

  /** Past the budget, a wait from the last failure that doubles with each further one, and never past the moment the window has room again. */
  private async addressWait(client: string, now: number): Promise<number> {
    const { perAddress, addressWindowMs, addressBackoffBaseMs, addressBackoffMaxMs } = this.limits;
    const times = await this.state.addressFailures(client, now - addressWindowMs);
    if (times.length < perAddress) return 0;
    const backedOff = times.at(-1)! + backoff(times.length - perAddress, addressBackoffBaseMs, addressBackoffMaxMs);
    const roomAgain = times[times.length - perAddress]! + addressWindowMs;
    return Math.max(0, Math.min(backedOff, roomAgain) - now);
  }

  /** Failures past the budget after which the address back-off is at its ceiling. */
  private addressStepsToCeiling(): number {
    return Math.ceil(Math.log2(Math.max(1, this.limits.addressBackoffMaxMs / this.limits.addressBackoffBaseMs)));
  }
}

const pairKey = (account: string, client: string) => `${account}\n${client}`;

/** `baseMs` doubled `steps` times, at most `maxMs`. */
const backoff = (steps: number, baseMs: number, maxMs: number) => Math.min(baseMs * 2 ** Math.min(steps, 30), maxMs);
