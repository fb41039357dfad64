/** The sync engine's storage on the device, on the replica database. */
import type { OutboxEntry, Refusal, SyncStore } from '../../../sync/device/engine/sync-engine';
import { splitKeptRefusals } from '../../../sync/device/engine/kept-refusals';
import { COLLECTION_NAMES, collectionOf } from '../../../sync/contract/collections';
import type { PullResponse, PullScope } from '../../../sync/contract/protocol';
import type { KeptClosedOrderDays } from '../../../sync/entities/order';
import { inOrderWorkingSet, workingSetCutoff } from '../../../sync/rules/order-working-set';
import { storePulledPhotos } from '../photos/pulled-photos';
import { markCollectionsChanged, touch, type TouchedRows } from './collection-revisions';
import { readHeldClosedDays, readKeptClosedDays, recordHeldClosedDays } from './kept-orders-window';
import { dropRowsNotSeen, forgetPagedPull, readPagedPull, recordPage } from './paged-pull';
import type { ReplicaDb } from './replica-db';

export class DexieSyncStore implements SyncStore {
  constructor(
    private readonly db: ReplicaDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async clientId(): Promise<string> {
    return this.db.transaction('rw', this.db.meta, async () => {
      const existing = await this.db.meta.get('clientId');
      if (existing) return String(existing.value);
      const clientId = crypto.randomUUID();
      await this.db.meta.put({ key: 'clientId', value: clientId });
      return clientId;
    });
  }

  /** From nothing when the window chosen for the device is longer than the one its orders cover (kept-orders-window.ts). */
  async readCursor(): Promise<number> {
    const [cursor, chosen, held] = await Promise.all([this.db.meta.get('cursor'), readKeptClosedDays(this.db), readHeldClosedDays(this.db)]);
    return chosen > held ? 0 : Number(cursor?.value ?? 0);
  }

  async readPullScope(): Promise<PullScope> {
    return { keepClosedDays: await readKeptClosedDays(this.db) };
  }

  pendingAfter(afterSeq: number, limit: number): Promise<OutboxEntry[]> {
    return this.db.outbox.where('seq').above(afterSeq).limit(limit).toArray();
  }

  async readPage(): Promise<string | null> {
    return (await readPagedPull(this.db))?.page ?? null;
  }

  /** `askedPage`: the page of a paged pull this answers, null for a pull that began here. */
  async applyPull(pull: PullResponse, askedPage: string | null = null): Promise<void> {
    const { db } = this;
    const collections = COLLECTION_NAMES.map((name) => db.table(name));
    await db.transaction('rw', [...collections, db.account, db.outbox, db.meta, db.photos], async () => {
      const cursor = Number((await db.meta.get('cursor'))?.value ?? 0);
      // A first pull, or one the server marks as full (the device was away longer than deletions are remembered), is the whole truth: rows the server no longer has must not linger.
      const whole = cursor === 0 || pull.full === true;
      // One that comes in pages keeps what the device has until the last page, so the person works on meanwhile.
      const paged = askedPage !== null || pull.nextPage !== undefined;
      const touched: TouchedRows = new Map();
      if (whole && !paged) {
        await Promise.all(collections.map((table) => table.clear()));
        for (const name of COLLECTION_NAMES) touch(touched, name, null);
      }
      // Deletions first: a row in this pull is alive now, even if an older tombstone names its id.
      for (const { entity, id } of pull.deleted) {
        await db.table(collectionOf(entity)).delete(id);
        touch(touched, collectionOf(entity), [id]);
      }
      await db.account.put(pull.user);
      for (const name of COLLECTION_NAMES) {
        const rows = pull[name] ?? [];
        await db.table(name).bulkPut(rows);
        touch(
          touched,
          name,
          rows.map((row) => row.id),
        );
      }
      // The user's uploaded files: photos taken here are marked sent, others get their address. Never cleared: local copies wait here.
      await storePulledPhotos(db, pull.photos ?? []);
      if (paged) {
        const seen = await recordPage(db, pull, askedPage === null);
        // The cursor, the outbox and the window hold with the last page, as the server's state as of the first.
        if (pull.nextPage !== undefined) return await markCollectionsChanged(db, touched);
        for (const [name, ids] of await dropRowsNotSeen(db, seen)) touch(touched, name, ids);
      } else await forgetPagedPull(db);
      await db.outbox.where('seq').belowOrEqual(pull.lastProcessedSeq).delete();
      await db.meta.put({ key: 'cursor', value: pull.cursor });
      const chosen = await readKeptClosedDays(db);
      touch(touched, 'orders', await this.releaseClosedOrders(chosen));
      await markCollectionsChanged(db, touched);
      await recordHeldClosedDays(db, { pulled: pull.keepClosedDays, chosen, whole });
    });
  }

  /**
   * The window of kept orders moves with time, not only with pulls: orders closed before it leave the device here, as
   * the server would no longer send them. Only those changed before the cutoff are read, by index. Returns their ids.
   */
  private async releaseClosedOrders(days: KeptClosedOrderDays): Promise<string[]> {
    const now = this.now();
    const old = await this.db.orders.where('updatedAt').below(workingSetCutoff(now, days)).toArray();
    const released = old.filter((order) => !inOrderWorkingSet(order, now, days)).map((order) => order.id);
    if (released.length > 0) await this.db.orders.bulkDelete(released);
    return released;
  }

  /** The refusals kept until acted on (a new order or product) go to their own table, in the same step as the others: none is ever only in the dismissable list. */
  async recordRefusals(refusals: Refusal[]): Promise<void> {
    const { db } = this;
    const { kept, others } = splitKeptRefusals(refusals);
    await db.transaction('rw', db.refusals, db.keptRefusals, async () => {
      await db.keptRefusals.bulkPut(kept);
      await db.refusals.bulkPut(others);
    });
  }

  async markSynced(at: string): Promise<void> {
    await this.db.meta.put({ key: 'lastSyncedAt', value: at });
  }
}
