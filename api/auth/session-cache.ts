/**
 * Each token's live session, kept as of the change clock (see `Database.committedVersion`), so a signed-in request
 * that follows another costs no query. Ending a session (sign-out, a password reset, a disabled account, expired rows
 * swept away) and every change to an account or a membership is a write transaction that moves the clock, so while
 * the clock stands still the rows behind a kept session are the ones it was read from: the same freshness as the
 * public menu's kept answers. Its expiry is a moment, not a change, and is checked on every use.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import type { Session } from '../context';
import type { Database } from '../db/database';

type Kept = { clock: number; expire: number; readAt: number; session: Session };

const MAX_ENTRIES = 10_000;
/**
 * The longest a kept session is trusted without reading it again. Another process's commits reach this one through
 * Redis; were that connection lost, the clock here would stand still while sessions end elsewhere: this bounds how
 * long a token revoked there could still be taken here.
 */
export const SESSION_KEPT_MS = 2_000;

export class SessionCache {
  private readonly entries = new BoundedMap<string, Kept>(MAX_ENTRIES);

  /** The kept session of `sid` for `userId`, when nothing was committed since it was read and it has not expired. */
  get(db: Database, sid: string, userId: string, now: Date): Session | undefined {
    const kept = this.entries.get(sid);
    if (!kept) return undefined;
    const stale = kept.clock !== db.committedVersion || now.getTime() - kept.readAt > SESSION_KEPT_MS;
    if (stale || kept.expire <= now.getTime() || kept.session.user.id !== userId) {
      this.entries.delete(sid);
      return undefined;
    }
    return kept.session;
  }

  /** Keeps `session`, read after the clock stood at `clock` (read before the query, so a commit racing it is never missed). */
  keep(sid: string, clock: number, expire: Date, now: Date, session: Session): void {
    this.entries.set(sid, { clock, expire: expire.getTime(), readAt: now.getTime(), session });
  }
}

/** One cache per database: its clock is the one the entries are checked against. */
const caches = new WeakMap<Database, SessionCache>();

export function sessionCache(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}
