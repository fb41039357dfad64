/**
 * Where the quotas' counts live. One process keeps them in its own memory;
 * several processes behind one address share them in Redis, or a client
 * spreading its requests over the processes would get each limit once per
 * process.
 */
import { RequestLimiter, takeAll } from './request-limiter';

/** A sliding-window limit: at most `limit` (requests, or bytes) within `windowMs`, counted per key. */
export type LimitWindow = {
  /** Names the window's counts in a shared store, so two windows never mix theirs. */
  name: string;
  limit: number;
  windowMs: number;
  /** How many keys one process keeps in memory at most (the least recently used go first). */
  maxKeys?: number;
};

export type Spend = { window: LimitWindow; key: string; amount?: number };

export interface LimitStore {
  /** Spends on every window or on none: answers 0 when all had room, else the milliseconds until all would. */
  take(spends: Spend[]): Promise<number>;
}

export class MemoryLimitStore implements LimitStore {
  private readonly limiters = new Map<string, RequestLimiter>();

  constructor(private readonly now: () => number = Date.now) {}

  take(spends: Spend[]): Promise<number> {
    return Promise.resolve(takeAll(spends.map(({ window, key, amount }) => ({ limiter: this.limiterOf(window), key, amount }))));
  }

  private limiterOf(window: LimitWindow): RequestLimiter {
    let limiter = this.limiters.get(window.name);
    if (!limiter) {
      limiter = new RequestLimiter(window.limit, window.windowMs, this.now, window.maxKeys);
      this.limiters.set(window.name, limiter);
    }
    return limiter;
  }
}
