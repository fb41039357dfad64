/**
 * How long this device keeps closed orders (sync/rules/order-working-set.ts): chosen for the device, as a phone short
 * of space and a desk computer need different windows, and kept with the person's replica.
 */
import { keptClosedOrderDaysSchema, type KeptClosedOrderDays } from '../../../sync/entities/order';
import { ORDER_WORKING_SET_DAYS } from '../../../sync/rules/order-working-set';
import type { ReplicaDb } from './replica-db';

export async function readKeptClosedDays(db: ReplicaDb): Promise<KeptClosedOrderDays> {
  const chosen = keptClosedOrderDaysSchema.safeParse((await db.meta.get('keepClosedDays'))?.value);
  return chosen.success ? chosen.data : ORDER_WORKING_SET_DAYS;
}
