/**
 * Changes the server refused because the seller's plan has lapsed. They stay
 * on the device: screens show them (marked as not saved) and the person can
 * send them again after subscribing, or discard them.
 */
import type { Refusal } from '../../../sync/device/engine/sync-engine';
import type { Mutation } from '../../../sync/contract/mutations';
import type { ReplicaDb } from './replica-db';
import { useSyncSession } from './sync-session';

export type NotSavedChange = Refusal & { mutation: Mutation };

/** The refusals a person can still act on: refused for the plan, with the change itself kept. */
export function notSavedChanges(refusals: Refusal[]): NotSavedChange[] {
  return refusals.filter((refusal): refusal is NotSavedChange => refusal.reason === 'subscription_required' && refusal.mutation !== undefined);
}

/** The product and menu ids these changes touch, so lists can mark them. */
export function notSavedIds(changes: NotSavedChange[]): Set<string> {
  const ids = new Set<string>();
  for (const { mutation } of changes) {
    const id = (mutation.args as { id?: unknown }).id;
    if (typeof id === 'string') ids.add(id);
  }
  return ids;
}

/** Queues the change anew (after everything already waiting) and drops it from the list, in one step. */
export async function sendAgain(db: ReplicaDb, change: NotSavedChange): Promise<void> {
  await db.transaction('rw', db.outbox, db.refusals, async () => {
    await db.outbox.add({ mutation: change.mutation, createdAt: new Date().toISOString() } as Parameters<typeof db.outbox.add>[0]);
    await db.refusals.delete(change.seq);
  });
  useSyncSession.getState().engine?.schedule(0);
}

export async function discardRefusal(db: ReplicaDb, seq: number): Promise<void> {
  await db.refusals.delete(seq);
}
