/**
 * Where the person's own orders stand on this device: an `order.create` still in the outbox is 'Waiting to send'; one
 * the server refused (stock gone, a link that expired) is kept apart with its lines and the reason (the refusals kept
 * until acted on), under 'Needs attention', until it is edited and sent again or discarded: never lost.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KeptRefusal } from '../../../sync/engine/kept-refusals';
import type { OutboxEntry } from '../../../sync/engine/sync-engine';
import type { Mutation } from '../../../sync/mutations';
import { useSyncSession } from '../../lib/replica/sync-session';

type OrderCreate = Extract<Mutation, { name: 'order.create' }>;
export type RefusedOrder = { id: string; message: string; refusedAt: string; args: OrderCreate['args'] };
export type OrderSendStates = { waiting: Set<string>; refused: RefusedOrder[] };

const isOrderCreate = (mutation: Mutation | undefined): mutation is OrderCreate => mutation?.name === 'order.create';

export function orderSendStates(outbox: OutboxEntry[], kept: KeptRefusal[]): OrderSendStates {
  const waiting = new Set(outbox.flatMap((entry) => (isOrderCreate(entry.mutation) ? [entry.mutation.args.id] : [])));
  const refused = kept
    .flatMap((refusal) => (isOrderCreate(refusal.mutation) ? [{ id: refusal.id, message: refusal.message, refusedAt: refusal.refusedAt, args: refusal.mutation.args }] : []))
    .sort((a, b) => a.refusedAt.localeCompare(b.refusedAt));
  return { waiting, refused };
}

/** The person's order send states, live. */
export function useOrderSendStates(): OrderSendStates {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => (db ? orderSendStates(await db.outbox.toArray(), await db.keptRefusals.toArray()) : undefined), [db]) ?? { waiting: new Set(), refused: [] };
}

/** One refused order kept on the device, live: null when there is none by this id, undefined while it loads. */
export function useRefusedOrder(id: string | null): RefusedOrder | null | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    const kept = db && id ? await db.keptRefusals.get(['order.create', id]) : undefined;
    return kept ? (orderSendStates([], [kept]).refused[0] ?? null) : null;
  }, [db, id]);
}
