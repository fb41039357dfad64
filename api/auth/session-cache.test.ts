import { describe, expect, it } from 'vitest';
import type { Session } from '../context';
import type { Database } from '../db/database';
import { SESSION_KEPT_MS, SessionCache } from './session-cache';

const session = { user: { id: 'user-1' }, sid: 'sid-1', team: { id: 'user-1' } } as unknown as Session;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);
const clockAt = (committedVersion: number) => ({ committedVersion }) as Database;

describe('the kept session', () => {
  it('is reused while the change clock stands still, and read again once anything was committed', () => {
    const cache = new SessionCache();
    cache.keep('sid-1', 7, at(60_000), at(0), session);
    expect(cache.get(clockAt(7), 'sid-1', 'user-1', at(500))).toBe(session);
    expect(cache.get(clockAt(8), 'sid-1', 'user-1', at(600))).toBeUndefined();
    expect(cache.get(clockAt(7), 'sid-1', 'user-1', at(700))).toBeUndefined();
  });

  it('is trusted for a bounded time only, so a revocation another process made is seen even if its notice never came', () => {
    const cache = new SessionCache();
    cache.keep('sid-1', 7, at(60_000), at(0), session);
    expect(cache.get(clockAt(7), 'sid-1', 'user-1', at(SESSION_KEPT_MS))).toBe(session);
    expect(cache.get(clockAt(7), 'sid-1', 'user-1', at(SESSION_KEPT_MS + 1))).toBeUndefined();
  });

  it('is refused at its expiry, and for a token naming another person', () => {
    const cache = new SessionCache();
    cache.keep('sid-1', 7, at(1_000), at(0), session);
    expect(cache.get(clockAt(7), 'sid-1', 'user-2', at(10))).toBeUndefined();
    cache.keep('sid-1', 7, at(1_000), at(0), session);
    expect(cache.get(clockAt(7), 'sid-1', 'user-1', at(1_000))).toBeUndefined();
  });
});
