/**
 * The device's refusals kept until acted on (sync/device/engine/kept-refusals.ts),
 * recorded by the sync store in a table of their own, so nothing that dismisses or clears the other
 * refusals can drop one; only sending it again (edited) or discarding it, on
 * the person's word, takes it away.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KeptRefusal } from '../../../sync/device/engine/kept-refusals';
import type { KeptMutationName } from '../../../sync/contract/mutations';
import type { ReplicaDb } from './replica-db';
import { useSyncSession } from './sync-session';

/** Where the person acts on each kind of kept refusal; a kind the catalogue adds does not compile until it has a place. */
export const KEPT_REFUSAL_PLACES: Record<KeptMutationName, { to: string; label: string }> = {
  'order.create': { to: '/orders', label: 'Open in orders' },
  'product.create': { to: '/products', label: 'Open in products' },
};

/** Drops a kept refusal on the person's word (they confirmed discarding it). */
export async function discardKeptRefusal(db: ReplicaDb, kept: Pick<KeptRefusal, 'name' | 'id'>): Promise<void> {
  await db.keptRefusals.delete([kept.name, kept.id]);
}

/** The person's kept refusals, oldest first, live (undefined while the replica opens). */
export function useKeptRefusals(): KeptRefusal[] | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => (db ? (await db.keptRefusals.toArray()).sort((a, b) => a.refusedAt.localeCompare(b.refusedAt)) : undefined), [db]);
}
