/**
 * Where the person's own orders stand on this device: an `order.create` still in the outbox is 'Waiting to send'; one
 * the server refused (stock gone, a link that expired) is kept apart with its lines and the reason (the refusals kept
 * until acted on), under 'Needs attention', until it is edited and sent again or discarded: never lost. When the server
 * asked the device to wait (an order quota, answered 429), the waiting orders say so, and that they go by themselves.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KeptRefusal } from '../../../sync/device/engine/kept-refusals';
import type { OutboxEntry, SyncStatus } from '../../../sync/device/engine/sync-engine';
import type { Mutation } from '../../../sync/contract/mutations';
import type { ReplicaDb } from '../../lib/replica/replica-db';
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

const NONE: OrderSendStates = { waiting: new Set(), refused: [] };

/** Two answers that say the same: every pull empties some of the outbox, which need not draw the orders again. */
function sameStates(a: OrderSendStates, b: OrderSendStates): boolean {
  const key = (states: OrderSendStates) => `${[...states.waiting].join()}|${states.refused.map((order) => `${order.id}:${order.refusedAt}`).join()}`;
  return key(a) === key(b);
}

/** The last states read from each replica, handed out again while they say the same. */
const lastRead = new WeakMap<ReplicaDb, OrderSendStates>();

/** The person's order send states, live; the same object for as long as they say the same. */
export function useOrderSendStates(): OrderSendStates {
  const db = useSyncSession((state) => state.db);
  return (
    useLiveQuery(async () => {
      if (!db) return undefined;
      const states = orderSendStates(await db.outbox.toArray(), await db.keptRefusals.toArray());
      const last = lastRead.get(db);
      if (last && sameStates(last, states)) return last;
      lastRead.set(db, states);
      return states;
    }, [db]) ?? NONE
  );
}

/** One refused order kept on the device, live: null when there is none by this id, undefined while it loads. */
export function useRefusedOrder(id: string | null): RefusedOrder | null | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    const kept = db && id ? await db.keptRefusals.get(['order.create', id]) : undefined;
    return kept ? (orderSendStates([], [kept]).refused[0] ?? null) : null;
  }, [db, id]);
}

/**
 * While the server holds this device's changes back (a quota: the push was answered 429), what to say of `waiting`
 * orders still to send: the server's words, and that they are kept here and sent by themselves. Null otherwise.
 */
export function heldOrdersNotice(status: SyncStatus, waiting: number): string | null {
  if (waiting === 0 || status.phase !== 'retrying' || status.failure !== 'rate_limited') return null;
  const said = status.lastError ?? 'The server asked this device to wait.';
  const kept =
    waiting === 1 ? 'The order is kept on this device and will be sent by itself' : `The ${waiting} orders waiting to send are kept on this device and will be sent by themselves`;
  return `${said} ${kept}, with nothing more to do.`;
}

/** `heldOrdersNotice` for the sync status as it stands, live: a screen draws again when the notice changes, not at each sync. */
export function useHeldOrdersNotice(waiting: number): string | null {
  return useSyncSession((state) => heldOrdersNotice(state.status, waiting));
}
