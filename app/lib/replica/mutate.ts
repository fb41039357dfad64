/**
 * Making a change: the mutation is checked with its schema, written to the
 * outbox in IndexedDB (the screen shows it from there at once), and a sync is
 * scheduled. Nothing waits for the network.
 */
import type { Table } from 'dexie';
import { AppError } from '../../../sync/contract/errors';
import type { Mutation } from '../../../sync/contract/mutations';
import { parseMutation } from '../../../sync/device/replica';
import { validate } from '../../../sync/contract/validation';
import { MUTATIONS } from '../../../sync/contract/mutations';
import type { OutboxEntry } from '../../../sync/device/engine/sync-engine';
import { isOnline } from '../connectivity';
import { requestPersistentStorage } from '../storage/persistent-storage';
import type { ReplicaDb } from './replica-db';
import { requestBackgroundSync, useSyncSession } from './sync-session';

export const STORAGE_FULL_MESSAGE = 'This device is out of storage space, so the change could not be saved. Free some space (or sync and remove old photos) and try again.';

/** Other writes that belong with the change: made in the same transaction, so either both are kept or neither. */
export type WithChange = { tables: (db: ReplicaDb) => Table[]; write: (db: ReplicaDb) => Promise<void> };

export async function mutate(mutation: Mutation, alongside?: WithChange): Promise<void> {
  const { db, engine } = useSyncSession.getState();
  if (!db) throw new AppError('unauthenticated', 'Please sign in to make changes.');
  if (!parseMutation(mutation)) {
    const checked = validate(MUTATIONS[mutation.name].args, mutation.args);
    throw new AppError('validation', checked.ok ? 'Invalid change' : checked.message, checked.ok ? undefined : checked.fieldErrors);
  }
  try {
    await db.transaction('rw', [db.outbox, ...(alongside?.tables(db) ?? [])], async () => {
      await db.outbox.add({ mutation, createdAt: new Date().toISOString() } as OutboxEntry);
      await alongside?.write(db);
    });
  } catch (error) {
    if (isQuotaError(error)) throw new AppError('payload_too_large', STORAGE_FULL_MESSAGE);
    throw error;
  }
  engine?.schedule();
  const online = isOnline();
  if (!online) requestBackgroundSync();
  // Unsent work lives only on this device until the signal is back: the browser should not clear it to free space.
  requestPersistentStorage({ kind: 'change-queued', online });
}

function isQuotaError(error: unknown): boolean {
  const names = [error, (error as { inner?: unknown } | null)?.inner].map((candidate) => (candidate as { name?: string } | null)?.name);
  return names.includes('QuotaExceededError');
}
