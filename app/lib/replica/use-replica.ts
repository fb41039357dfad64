/** Screens read the replica here: the server's state with the pending changes (and those kept as not saved) on top, live. */
import { useLiveQuery } from 'dexie-react-hooks';
import { apiReads } from '../../../sync/contract/api-reads';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { teamSchema, type TeamRole } from '../../../sync/entities/team';
import { COLLECTION_NAMES, type CollectionRows } from '../../../sync/contract/collections';
import { stateFromRows, withPending } from '../../../sync/device/replica';
import type { ReplicaState } from '../../../sync/device/replica-state';
import type { Refusal } from '../../../sync/device/engine/sync-engine';
import { roleIn } from '../team-permissions';
import { notSavedChanges, notSavedIds } from './not-saved';
import type { ReplicaDb } from './replica-db';
import { useSyncSession } from './sync-session';

export type ReplicaView = ReplicaState & {
  /** False until the first pull has finished: an empty list then means "not downloaded yet", not "none". */
  downloaded: boolean;
  /** Products and menus with a change the server refused for the plan: shown, but marked as not saved. */
  notSaved: Set<string>;
};

/** The last view each open replica gave: a screen opened next shows it at once while its own read runs. */
const lastViews = new WeakMap<ReplicaDb, ReplicaView>();

export function useReplica(): ReplicaView | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(
    async () => {
      if (!db) return undefined;
      const view = await readView(db);
      lastViews.set(db, view);
      return view;
    },
    [db],
    db ? lastViews.get(db) : undefined,
  );
}

/** The server's state with the pending changes on top, as screens show it. */
async function readView(db: ReplicaDb): Promise<ReplicaView> {
  const [rows, accounts, outbox, cursor, refusals, role] = await Promise.all([
    readCollections(db),
    db.account.toArray(),
    db.outbox.toArray(),
    db.meta.get('cursor'),
    db.refusals.toArray(),
    keptTeamRole(db),
  ]);
  const base = stateFromRows(accounts[0] ?? null, rows);
  // Kept refused changes came before anything still waiting, so they apply first: nothing typed disappears from the screen.
  const kept = notSavedChanges(refusals);
  const pending = [...kept.map((change) => change.mutation), ...outbox.map((entry) => entry.mutation)];
  // With the role known, a pending change it may not make shows nothing: the server refuses it and says why.
  const view = withPending(base, pending, { userId: db.userId, now: new Date().toISOString(), role });
  return { ...view, downloaded: cursor !== undefined, notSaved: notSavedIds(kept) };
}

/** The person's role in their team, from the team read kept on the device; null while unknown. */
async function keptTeamRole(db: ReplicaDb): Promise<TeamRole | null> {
  const team = teamSchema.safeParse((await db.serverReads.get(apiReads.team().path))?.value);
  return team.success ? roleIn(team.data, db.userId) : null;
}

/** Every synced collection's rows as last pulled. */
export async function readCollections(db: ReplicaDb): Promise<CollectionRows> {
  const arrays = await Promise.all(COLLECTION_NAMES.map((name) => db.table(name).toArray()));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, arrays[index]])) as CollectionRows;
}

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
