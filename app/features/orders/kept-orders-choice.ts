/** Choosing how long this device keeps closed orders, and reading the choice (app/lib/replica/kept-orders-window.ts). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KeptClosedOrderDays } from '../../../sync/entities/order';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import { readKeptClosedDays } from '../../lib/replica/kept-orders-window';
import type { ReplicaDb } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';

/**
 * Keeps closed orders for `days` on this device, from the sync that follows at once: a longer window brings back the
 * orders the device let go with a whole pull, a shorter one lets go of those past it.
 */
export async function chooseKeptClosedDays(db: ReplicaDb, days: KeptClosedOrderDays): Promise<void> {
  await db.meta.put({ key: 'keepClosedDays', value: days });
  void useSyncSession.getState().engine?.syncNow();
}

/** The window of the signed-in person's device; the usual one until their replica is open. */
export function useKeptClosedDays(): KeptClosedOrderDays {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(() => (db ? readKeptClosedDays(db) : ORDER_WORKING_SET_DAYS), [db], ORDER_WORKING_SET_DAYS);
}
