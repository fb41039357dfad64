/**
 * Where the person's own orders stand on this device: an `order.create` still in the outbox is 'Waiting to send'; one
 * the server refused (stock gone, a link that expired) stays in the refusals with its lines and the reason, under
 * 'Needs attention', until it is edited and sent again or discarded: never lost.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry, Refusal } from '../../../sync/engine/sync-engine';
import type { Mutation } from '../../../sync/mutations';
import { useSyncSession } from '../../lib/replica/sync-session';

type OrderCreate = Extract<Mutation, { name: 'order.create' }>;
export type RefusedOrder = { seq: number; message: string; refusedAt: string; args: OrderCreate['args'] };
export type OrderSendStates = { waiting: Set<string>; refused: RefusedOrder[] };

const isOrderCreate = (mutation: Mutation | undefined): mutation is OrderCreate => mutation?.name === 'order.create';

export function orderSendStates(outbox: OutboxEntry[], refusals: Refusal[]): OrderSendStates {
  const waiting = new Set(outbox.flatMap((entry) => (isOrderCreate(entry.mutation) ? [entry.mutation.args.id] : [])));
  const refused = refusals.flatMap((refusal) =>
    isOrderCreate(refusal.mutation) ? [{ seq: refusal.seq, message: refusal.message, refusedAt: refusal.refusedAt, args: refusal.mutation.args }] : [],
  );
  return { waiting, refused };
}

/** The person's order send states, live. */
export function useOrderSendStates(): OrderSendStates {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => (db ? orderSendStates(await db.outbox.toArray(), await db.refusals.toArray()) : undefined), [db]) ?? { waiting: new Set(), refused: [] };
}
