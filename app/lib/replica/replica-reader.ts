/**
 * One live read of the replica per open database, shared by every screen that shows it: the server's state with the
 * pending changes (and those kept as not saved) on top. A collection is read again only when its revision moved
 * (collection-revisions.ts), so a change to one order or a sync that found nothing new does not read a distributor's
 * catalogue again, and a screen opened next starts from the view the last one had.
 */
import { liveQuery, type Subscription } from 'dexie';
import { apiReads } from '../../../sync/contract/api-reads';
import { COLLECTION_NAMES, type CollectionName } from '../../../sync/contract/collections';
import { teamSchema, type TeamRole } from '../../../sync/entities/team';
import { withPending } from '../../../sync/device/replica';
import type { ReplicaState } from '../../../sync/device/replica-state';
import { roleIn } from '../team-permissions';
import { readCollectionRevisions, rowsTouchedSince } from './collection-revisions';
import { notSavedChanges, notSavedIds } from './not-saved';
import { readPagedPull, type PagedPullProgress } from './paged-pull';
import type { ReplicaDb } from './replica-db';

export type ReplicaView = ReplicaState & {
  /** False until the first pull (its first page, when it comes in pages) has arrived: an empty list then means "not downloaded yet", not "none". */
  downloaded: boolean;
  /** While a first pull comes in pages: how many rows of each large collection have come, of how many. */
  arriving: Pick<PagedPullProgress, 'received' | 'totals'> | null;
  /** Products and menus with a change the server refused for the plan: shown, but marked as not saved. */
  notSaved: Set<string>;
};

/** How long the read goes on after the last screen showing it closed, so that the next screen opens on it at once. */
const KEEP_READING_MS = 30_000;

type KeptCollection = { revision: string | undefined; rows: Map<string, unknown> };

class ReplicaReader {
  private latest: ReplicaView | undefined;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly kept = new Map<CollectionName, KeptCollection>();

  constructor(private readonly db: ReplicaDb) {}

  readonly view = (): ReplicaView | undefined => this.latest;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    clearTimeout(this.stopTimer);
    this.subscription ??= liveQuery(() => this.read()).subscribe({
      next: (view) => this.show(view),
      // The database closed (the person signed out): the next screen of theirs starts a read again.
      error: () => (this.subscription = null),
    });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopTimer = setTimeout(() => this.stopIfUnwatched(), KEEP_READING_MS);
    };
  };

  private stopIfUnwatched(): void {
    if (this.listeners.size > 0) return;
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  /** A view that shows what the last one showed is not given to screens: they would draw it again for nothing. */
  private show(view: ReplicaView): void {
    if (this.latest && sameView(this.latest, view)) return;
    this.latest = view;
    for (const listener of this.listeners) listener();
  }

  /** One transaction: what a pull writes and the outbox entries it drops are seen together, never one without the other. */
  private read(): Promise<ReplicaView> {
    const { db } = this;
    const tables = [...COLLECTION_NAMES.map((name) => db.table(name)), db.account, db.outbox, db.meta, db.refusals, db.serverReads];
    return db.transaction('r', tables, async () => {
      const [synced, outbox, cursor, refusals, role, paged] = await Promise.all([
        this.readSynced(),
        db.outbox.toArray(),
        db.meta.get('cursor'),
        db.refusals.toArray(),
        keptTeamRole(db),
        readPagedPull(db),
      ]);
      // Kept refused changes came before anything still waiting, so they apply first: nothing typed disappears from the screen.
      const kept = notSavedChanges(refusals);
      const pending = [...kept.map((change) => change.mutation), ...outbox.map((entry) => entry.mutation)];
      // With the role known, a pending change it may not make shows nothing: the server refuses it and says why.
      const view = withPending(synced, pending, { userId: db.userId, now: new Date().toISOString(), role });
      const arriving = paged && { received: paged.received, totals: paged.totals };
      return { ...view, downloaded: cursor !== undefined || arriving !== null, arriving, notSaved: notSavedIds(kept) };
    });
  }

  /** The synced collections as last pulled, each read again only if it changed since the last read, and then only the rows that changed when its log tells them. */
  private async readSynced(): Promise<ReplicaState> {
    const [revisions, accounts] = await Promise.all([readCollectionRevisions(this.db), this.db.account.toArray()]);
    const maps = await Promise.all(
      COLLECTION_NAMES.map(async (name) => {
        const kept = this.kept.get(name);
        if (kept && kept.revision === revisions[name]) return kept.rows;
        const touched = kept?.revision === undefined ? null : await rowsTouchedSince(this.db, name, kept.revision);
        const rows = kept && touched ? await this.readTouched(name, kept.rows, touched) : await this.readAll(name);
        this.kept.set(name, { revision: revisions[name], rows });
        return rows;
      }),
    );
    return { user: accounts[0] ?? null, ...Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, maps[index]])) } as ReplicaState;
  }

  private async readAll(name: CollectionName): Promise<Map<string, unknown>> {
    return new Map((await this.db.table(name).toArray()).map((row: { id: string }) => [row.id, row]));
  }

  /** The rows kept, with those touched read again: a new map, in the id order a whole read gives, as screens may show it as it comes. */
  private async readTouched(name: CollectionName, kept: Map<string, unknown>, touched: Set<string>): Promise<Map<string, unknown>> {
    const ids = [...touched];
    if (ids.length === 0) return kept;
    const fresh = await this.db.table(name).bulkGet(ids);
    const rows = new Map(kept);
    let added = false;
    ids.forEach((id, index) => {
      const row = fresh[index];
      if (row === undefined) rows.delete(id);
      else {
        added ||= !rows.has(id);
        rows.set(id, row);
      }
    });
    return added ? new Map([...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : rows;
  }
}

/** The person's role in their team, from the team read kept on the device; null while unknown. */
async function keptTeamRole(db: ReplicaDb): Promise<TeamRole | null> {
  const team = teamSchema.safeParse((await db.serverReads.get(apiReads.team().path))?.value);
  return team.success ? roleIn(team.data, db.userId) : null;
}

function sameView(before: ReplicaView, after: ReplicaView): boolean {
  return (
    COLLECTION_NAMES.every((name) => before[name] === after[name]) &&
    before.downloaded === after.downloaded &&
    JSON.stringify(before.arriving) === JSON.stringify(after.arriving) &&
    JSON.stringify(before.user) === JSON.stringify(after.user) &&
    [...before.notSaved].join() === [...after.notSaved].join()
  );
}

const readers = new WeakMap<ReplicaDb, ReplicaReader>();

/** The shared read of this database, made on first use; it goes with the database when the person signs out. */
export function replicaReaderOf(db: ReplicaDb): ReplicaReader {
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = new ReplicaReader(db)));
  return reader;
}
