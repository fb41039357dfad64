/**
 * Housekeeping the server does by itself: sessions past their expiry are
 * deleted (a signed token for one is refused anyway; the row only takes
 * space and names a device), at start and then every few hours.
 */
import type { Services } from '../context';
import { deleteExpiredSessions } from './repositories/users';

export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function runRetention(services: Pick<Services, 'db' | 'now'>): Promise<void> {
  await services.db.transaction(async (tx) => deleteExpiredSessions(tx.db, services.now()));
}

/** Runs retention now and on a schedule until stopped; a failed run is logged and the next one tries again. */
export function scheduleRetention(services: Pick<Services, 'db' | 'now'>, intervalMs = RETENTION_INTERVAL_MS): { stop: () => void } {
  const run = () => void runRetention(services).catch((error: unknown) => console.error('Retention failed:', error));
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
