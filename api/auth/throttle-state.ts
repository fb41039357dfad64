/**
 * What the sign-in throttle remembers: failures per account and address
 * pair, failures per account, failures per address, and the pairs that
 * signed in before. Kept in this process's memory in maps of bounded size,
 * or in Redis (see RedisThrottleState) when several processes must count
 * together.
 */
import { BoundedMap } from '../platform/limits/bounded-map';

export type AccountFailures = { count: number; lastAt: number };

export interface ThrottleState {
  /** The times of a pair's failures after `since`, oldest first. */
  pairFailures(pair: string, since: number): Promise<number[]>;
  /** Notes a pair's failure, keeping only its last `keep` times, for `windowMs`. */
  addPairFailure(pair: string, at: number, keep: number, windowMs: number): Promise<void>;
  /** An account's failures, unless none came within `windowMs` of `now`. */
  accountFailures(account: string, now: number, windowMs: number): Promise<AccountFailures | undefined>;
  /** Counts an account's failure; a count with no failure within `windowMs` starts again at one. */
  addAccountFailure(account: string, at: number, windowMs: number): Promise<void>;
  /** The times of an address's failures, on any account, after `since`, oldest first. */
  addressFailures(address: string, since: number): Promise<number[]>;
  /** Notes an address's failure, keeping only its last `keep` times, for `windowMs`. */
  addAddressFailure(address: string, at: number, keep: number, windowMs: number): Promise<void>;
  /** Whether the pair signed in after `since`. */
  signedInSince(pair: string, since: number): Promise<boolean>;
  /** A sign-in: the pair's and the account's failures forgotten, the pair known from `at` on. */
  recordSignIn(pair: string, account: string, at: number): Promise<void>;
}

export class MemoryThrottleState implements ThrottleState {
  private readonly pairs: BoundedMap<string, number[]>;
  private readonly accounts: BoundedMap<string, AccountFailures>;
  private readonly addresses: BoundedMap<string, number[]>;
  private readonly signIns: BoundedMap<string, number>;

  /**
   * `maxEntries`: how many pairs, accounts and known sign-ins each map keeps
   * at most. An address keeps up to about a hundred times, so a tenth as many
   * addresses are kept; one forgotten is only forgiven its failures.
   */
  constructor(maxEntries: number) {
    this.pairs = new BoundedMap(maxEntries);
    this.accounts = new BoundedMap(maxEntries);
    this.addresses = new BoundedMap(Math.ceil(maxEntries / 10));
    this.signIns = new BoundedMap(maxEntries);
  }

  /** How many entries the state holds, all maps together. */
  get size(): number {
    return this.pairs.size + this.accounts.size + this.addresses.size + this.signIns.size;
  }

  pairFailures(pair: string, since: number): Promise<number[]> {
    return Promise.resolve(recentTimes(this.pairs, pair, since));
  }

  addPairFailure(pair: string, at: number, keep: number, windowMs: number): Promise<void> {
    this.pairs.set(pair, [...recentTimes(this.pairs, pair, at - windowMs), at].slice(-keep));
    return Promise.resolve();
  }

  addressFailures(address: string, since: number): Promise<number[]> {
    return Promise.resolve(recentTimes(this.addresses, address, since));
  }

  addAddressFailure(address: string, at: number, keep: number, windowMs: number): Promise<void> {
    this.addresses.set(address, [...recentTimes(this.addresses, address, at - windowMs), at].slice(-keep));
    return Promise.resolve();
  }

  accountFailures(account: string, now: number, windowMs: number): Promise<AccountFailures | undefined> {
    return Promise.resolve(this.currentAccountFailures(account, now, windowMs));
  }

  addAccountFailure(account: string, at: number, windowMs: number): Promise<void> {
    const current = this.currentAccountFailures(account, at, windowMs);
    this.accounts.set(account, { count: (current?.count ?? 0) + 1, lastAt: at });
    return Promise.resolve();
  }

  signedInSince(pair: string, since: number): Promise<boolean> {
    return Promise.resolve((this.signIns.get(pair) ?? -Infinity) > since);
  }

  recordSignIn(pair: string, account: string, at: number): Promise<void> {
    this.pairs.delete(pair);
    this.accounts.delete(account);
    this.signIns.set(pair, at);
    return Promise.resolve();
  }

  private currentAccountFailures(account: string, now: number, windowMs: number): AccountFailures | undefined {
    const failures = this.accounts.get(account);
    if (failures && failures.lastAt <= now - windowMs) {
      this.accounts.delete(account);
      return undefined;
    }
    return failures;
  }
}

/** A key's times after `since`; a key left with none is forgotten. */
function recentTimes(map: BoundedMap<string, number[]>, key: string, since: number): number[] {
  const times = (map.get(key) ?? []).filter((time) => time > since);
  if (times.length === 0) map.delete(key);
  return times;
}
