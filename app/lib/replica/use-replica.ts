/** Screens read the replica here: the server's state with the pending changes (and those kept as not saved) on top, live (replica-reader.ts). */
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { Refusal } from '../../../sync/device/engine/sync-engine';
import { replicaReaderOf, type ReplicaView } from './replica-reader';
import { useSyncSession } from './sync-session';

export type { ReplicaView };

export function useReplica(): ReplicaView | undefined {
  const db = useSyncSession((state) => state.db);
  const reader = db ? replicaReaderOf(db) : null;
  return useSyncExternalStore(reader?.subscribe ?? noReader, () => reader?.view());
}

const noReader = () => () => {};

const newestFirst = <T extends { createdAt: string }>(items: Iterable<T>) => [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export function listProducts(view: ReplicaView): Product[] {
  return newestFirst(view.products.values());
}

export function listMenus(view: ReplicaView): Menu[] {
  return [...view.menus.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export function listSavedMenus(view: ReplicaView): SavedMenuListItem[] {
  return newestFirst(view.savedMenus.values());
}

export type SyncCounts = { pending: number; refusals: Refusal[]; lastSyncedAt: string | null };

export function useSyncCounts(): SyncCounts | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const [pending, refusals, lastSyncedAt] = await Promise.all([db.outbox.count(), db.refusals.toArray(), db.meta.get('lastSyncedAt')]);
    return { pending, refusals, lastSyncedAt: lastSyncedAt ? String(lastSyncedAt.value) : null };
  }, [db]);
}
