/**
 * A cap on the sync device ids one account brings: each is a row the server
 * keeps (with its processed sequence and refusals), and a script could make
 * them without end.
 *
 * Beyond the cap a new device id is refused (429, Retry-After), never an old
 * one forgotten: forgetting a device's row would forget which of its changes
 * were applied, so a device that comes back, say after a long time offline or
 * with an answer it never got, would have its changes applied twice and lose
 * the reasons of its refusals. A refused new device keeps its changes in its
 * outbox and sends them once room opens. Only device ids that pushed within
 * the window count, so devices given up (a cleared browser) stop counting by
 * themselves, and a device id already known is always let through.
 */
import type { Db } from '../db/database';
import { recentSyncClients } from '../db/repositories/sync';
import { ACTIVE_DEVICE_WINDOW_MS, MAX_ACTIVE_DEVICES } from '../limits/quotas';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';

export async function assertRoomForNewDevice(db: Db, userId: string, now: Date): Promise<void> {
  const { count, oldestAt } = await recentSyncClients(db, userId, new Date(now.getTime() - ACTIVE_DEVICE_WINDOW_MS));
  if (count < MAX_ACTIVE_DEVICES) return;
  // Room opens when the least recent of them has not pushed for the whole window (there is one: the count is over zero).
  const wait = oldestAt!.getTime() + ACTIVE_DEVICE_WINDOW_MS - now.getTime();
  throw new RateLimitedError(
    `This account has synced from ${MAX_ACTIVE_DEVICES} devices recently, the most it may. This device keeps its changes; please try again in ${waitText(wait)}.`,
    wait,
  );
}
