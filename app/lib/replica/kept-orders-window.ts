/**
 * How long this device keeps closed orders (sync/rules/order-working-set.ts): chosen for the device, as a phone short
 * of space and a desk computer need different windows, and kept with the person's replica beside the window the
 * orders on the device cover. A chosen window longer than the one held asks for a whole pull, which brings back the
 * orders the device had let go; the held window is written only by pulls, so a choice made while one is on its way
 * is never taken as done by it.
 */
import { keptClosedOrderDaysSchema, type KeptClosedOrderDays } from '../../../sync/entities/order';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import type { MetaKey, ReplicaDb } from './replica-db';

async function readDays(db: ReplicaDb, key: MetaKey): Promise<KeptClosedOrderDays> {
  const days = keptClosedOrderDaysSchema.safeParse((await db.meta.get(key))?.value);
  return days.success ? days.data : ORDER_WORKING_SET_DAYS;
}

/** The window chosen for this device. */
export const readKeptClosedDays = (db: ReplicaDb) => readDays(db, 'keepClosedDays');

/** The window the closed orders on the device cover: the usual one on a device that never chose. */
export const readHeldClosedDays = (db: ReplicaDb) => readDays(db, 'heldClosedDays');

/** After a pull covering `pulled` days (`whole`: from nothing), with the orders past the `chosen` window let go. */
export async function recordHeldClosedDays(db: ReplicaDb, { pulled, chosen, whole }: { pulled: KeptClosedOrderDays; chosen: KeptClosedOrderDays; whole: boolean }): Promise<void> {
  const held = Math.min(whole ? pulled : Math.min(await readHeldClosedDays(db), pulled), chosen);
  await db.meta.put({ key: 'heldClosedDays', value: held });
}
