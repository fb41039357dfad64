/**
 * Housekeeping the server does by itself, at start and then every few hours:
 * sessions past their expiry are deleted (a signed token for one is refused
 * anyway; the row only takes space and names a device), and so are
 * registrations whose link expired (with the password hash each kept); raw view events older
 * than the longest insights period go (the daily rollups keep the figures);
 * and tombstones older than 90 days are pruned, a device last synced before
 * then downloading everything again instead of missing a deletion.
 */
import type { Services } from '../context';
import { deleteViewEventsBefore } from '../db/repositories/menu-views';
import { markClock, pruneTombstones } from '../db/repositories/sync';
import { deleteExpiredSessions } from '../db/repositories/sessions';
import { deleteExpiredRegistrationClaims } from '../db/repositories/registration-claims';

export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const TOMBSTONE_DAYS = 90;
/** Past the insights' longest period (365 days), with room for time zones. */
export const VIEW_EVENT_DAYS = 400;

export async function runRetention(services: Pick<Services, 'db' | 'now'>): Promise<void> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await deleteExpiredSessions(tx.db, now);
    await deleteExpiredRegistrationClaims(tx.db, now);
    await deleteViewEventsBefore(tx.db, new Date(now.getTime() - VIEW_EVENT_DAYS * DAY_MS));
    await markClock(tx.db, now);
    await pruneTombstones(tx.db, new Date(now.getTime() - TOMBSTONE_DAYS * DAY_MS));
  });
}

/** Runs retention now and on a schedule until stopped; a failed run is logged and the next one tries again. */
export function scheduleRetention(services: Pick<Services, 'db' | 'now'>, intervalMs = RETENTION_INTERVAL_MS): { stop: () => void } {
  const run = () => void runRetention(services).catch((error: unknown) => console.error('Retention failed:', error));
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
