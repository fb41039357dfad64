/**
 * The quotas' counts in Redis, shared by every API process. Each key is a
 * sorted set of what it spent (scored by time), so the window slides exactly
 * as in memory; one script checks and spends all windows of a request at
 * once, so two processes cannot both spend the last room.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { askRedis } from '../redis';
import type { LimitStore, Spend } from './limit-store';

/** KEYS: one sorted set per spend. ARGV: now, then limit, window, amount and a unique member per spend. */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
local function amountOf(member) return tonumber(string.match(member, ':(%d+)$')) end
for i, key in ipairs(KEYS) do
  local at = 1 + (i - 1) * 4
  local limit, window, amount = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]), tonumber(ARGV[at + 3])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local spent = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  local excess = math.min(amount, limit) - limit
  for j = 1, #spent, 2 do excess = excess + amountOf(spent[j]) end
  -- What has to age out of the window before the amount fits: the oldest spends first.
  local j = 1
  while excess > 0 and j <= #spent do
    excess = excess - amountOf(spent[j])
    if excess <= 0 then wait = math.max(wait, tonumber(spent[j + 1]) + window - now) end
    j = j + 2
  end
end
if wait == 0 then
  for i, key in ipairs(KEYS) do
    local at = 1 + (i - 1) * 4
    redis.call('ZADD', key, now, ARGV[at + 4] .. ':' .. ARGV[at + 3])
    redis.call('PEXPIRE', key, ARGV[at + 2])
  end
end
return wait
`;

export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  async take(spends: Spend[]): Promise<number> {
    const keys = spends.map(({ window, key }) => `limit:${window.name}:${key}`);
    const args = spends.flatMap(({ window, amount = 1 }) => [window.limit, window.windowMs, amount, randomUUID()]);
    const wait = await askRedis(() => this.redis.eval(TAKE_SCRIPT, keys.length, ...keys, this.now(), ...args));
    return Number(wait);
  }
}
