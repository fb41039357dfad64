/**
 * The sign-in throttle's memory in Redis, so that every API process counts
 * the same failures: a list of times per pair and per address, a count per
 * account, a key per known sign-in. Each key expires with its window; the
 * times are checked too, as the in-memory state does, so both answer alike.
 */
import type { Redis } from 'ioredis';
import { askRedis } from '../platform/redis';
import type { AccountFailures, ThrottleState } from './throttle-state';

/**
 * KEYS: the account's hash. ARGV: now, window. A count with no failure within
 * the window starts again at one; the key itself expires a window after the
 * last failure, so an account tried once is not kept.
 */
const ADD_ACCOUNT_FAILURE_SCRIPT = `
local lastAt = tonumber(redis.call('HGET', KEYS[1], 'lastAt'))
if lastAt and lastAt <= tonumber(ARGV[1]) - tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'lastAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

export class RedisThrottleState implements ThrottleState {
  constructor(
    private readonly redis: Redis,
    /** How long a known sign-in is remembered. */
    private readonly knownForMs: number,
  ) {}

  pairFailures(pair: string, since: number): Promise<number[]> {
    return this.times(this.key('pair', pair), since);
  }

  addPairFailure(pair: string, at: number, keep: number, windowMs: number): Promise<void> {
    return this.addTime(this.key('pair', pair), at, keep, windowMs);
  }

  addressFailures(address: string, since: number): Promise<number[]> {
    return this.times(this.key('address', address), since);
  }

  addAddressFailure(address: string, at: number, keep: number, windowMs: number): Promise<void> {
    return this.addTime(this.key('address', address), at, keep, windowMs);
  }

  async accountFailures(account: string, now: number, windowMs: number): Promise<AccountFailures | undefined> {
    const { count, lastAt } = await askRedis(() => this.redis.hgetall(this.key('account', account)));
    if (count === undefined || lastAt === undefined || Number(lastAt) <= now - windowMs) return undefined;
    return { count: Number(count), lastAt: Number(lastAt) };
  }

  async addAccountFailure(account: string, at: number, windowMs: number): Promise<void> {
    await askRedis(() => this.redis.eval(ADD_ACCOUNT_FAILURE_SCRIPT, 1, this.key('account', account), at, windowMs));
  }

  async signedInSince(pair: string, since: number): Promise<boolean> {
    const at = await askRedis(() => this.redis.get(this.key('known', pair)));
    return at !== null && Number(at) > since;
  }

  async recordSignIn(pair: string, account: string, at: number): Promise<void> {
    await askRedis(() => this.redis.multi().del(this.key('pair', pair), this.key('account', account)).set(this.key('known', pair), at, 'PX', this.knownForMs).exec());
  }

  private async times(key: string, since: number): Promise<number[]> {
    const times = await askRedis(() => this.redis.lrange(key, 0, -1));
    // Processes append in the order their requests end, not quite that of their clocks.
    return times
      .map(Number)
      .filter((time) => time > since)
      .sort((a, b) => a - b);
  }

  private async addTime(key: string, at: number, keep: number, windowMs: number): Promise<void> {
    await askRedis(() => this.redis.multi().rpush(key, at).ltrim(key, -keep, -1).pexpire(key, windowMs).exec());
  }

  private key(kind: string, id: string): string {
    return `signin:${kind}:${id}`;
  }
}
