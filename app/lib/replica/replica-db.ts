/**
 * The signed-in user's replica in IndexedDB, one database per user so that
 * another person signing in on this device never sees it.
 *
 * - products, menus, savedMenus, account: the server's state as last pulled.
 *   Only a pull writes them.
 * - outbox: the person's changes not yet processed by the server, in order;
 *   written before the screen shows the change, so nothing lives only in memory.
 * - refusals: changes the server refused, with its reason, until dismissed.
 * - keptRefusals (version 7): refusals of changes kept until the person acts on
 *   them (a new order or product: sync/device/engine/kept-refusals.ts), apart from the dismissable ones.
 * - meta: the device's client id, the pull cursor, the last successful sync,
 *   when the person was once offered notifications, each collection's revision
 *   and the rows its last revisions touched (app/lib/replica/collection-revisions.ts), how long closed orders are to be
 *   kept and how long those on the device cover (app/lib/replica/kept-orders-window.ts), and where a pull
 *   from nothing that comes in pages is (app/lib/replica/paged-pull.ts).
 * - inquiries (version 3): conversations and order requests the user is a party to, as last pulled.
 * - seenSnapshots (version 3): each saved menu as the buyer last looked at it here, to show what changed since.
 * - orders (version 6): the orders the team is a party to that the device keeps
 *   (sync/rules/order-working-set.ts), as last pulled; by last change since version 19.
 * - serverReads (version 4): the last answer of each server read a screen keeps
 *   for offline (figures, notifications), so it lives and goes with the person's
 *   database rather than in the device's local storage.
 * - carts (version 7): the buyer's cart on each menu, by menu id: the person's
 *   own work, not a copy of the server's, so never in a cache that may be cleared.
 * - customers, priceLists (version 5): a seller team's customer book (a rep's
 *   part of it) and price lists, as last pulled.
 * - importChoices (version 15): how the person matched another system's CSV
 *   columns and values to the catalogue's, by importer, so the next file of that
 *   system is read the same way without asking again.
 * - drafts (version 18): the unsaved work of long forms (a menu being built), as
 *   typed, so a closed tab or a lost page gives it back (app/lib/drafts.ts).
 * - photos (version 2): photos and lab results taken on this device, kept as
 *   Blobs until the upload queue has sent them, and the user's uploaded files
 *   as pulls list them (app/lib/photos/local-photo.ts).
 *
 * Screens show the server's state with the outbox applied on top
 * (sync/device/replica.ts). New versions of this schema are added with
 * `this.version(n + 1)`; Dexie upgrades keep every row, the outbox included.
 */
import type { OrderQuote } from '../../../sync/entities/order';
import Dexie, { type Table } from 'dexie';
import type { CollectionName, CollectionRow } from '../../../sync/contract/collections';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { User } from '../../../sync/entities/user';
import type { OutboxEntry, Refusal } from '../../../sync/device/engine/sync-engine';
import { splitKeptRefusals, type KeptRefusal } from '../../../sync/device/engine/kept-refusals';
import type { StoredCart } from '../cart/cart';
import type { LocalPhoto } from '../photos/local-photo';
import type { KeptRead, KeptReads } from '../server-read/kept-reads';

/** Where version 6 kept a cart among the server reads. */
const CART_KEY_PREFIX = 'cart:';

export type MetaKey =
  | 'clientId'
  | 'cursor'
  | 'lastSyncedAt'
  | 'pushSuggestedAt'
  | 'keepClosedDays'
  | 'heldClosedDays'
  | 'pagedPull'
  | 'pagedPullSeen'
  | `revision:${CollectionName}`
  | `changes:${CollectionName}`;

/** One table per synced collection (sync/contract/collections.ts), keyed by id. */
export type CollectionTables = { [K in CollectionName]: Table<CollectionRow<K>, string> };

// The collections' tables are declared by the registry rather than one by one here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface ReplicaDb extends CollectionTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ReplicaDb extends Dexie {
  account!: Table<User, string>;
  outbox!: Table<OutboxEntry, number>;
  refusals!: Table<Refusal, number>;
  keptRefusals!: Table<KeptRefusal, [KeptRefusal['name'], string]>;
  carts!: Table<StoredCart, string>;
  meta!: Table<{ key: MetaKey; value: string | number }, MetaKey>;
  photos!: Table<LocalPhoto, string>;
  seenSnapshots!: Table<{ savedMenuId: string; snapshot: PublicMenu }, string>;
  serverReads!: Table<KeptRead, string>;
  importChoices!: Table<StoredImportChoices, string>;
  /** What the cart showed for each order sent from it, until the server's answer is compared with it. */
  orderQuotes!: Table<SentQuote, string>;
  drafts!: Table<StoredDraft, string>;

  constructor(readonly userId: string) {
    super(replicaName(userId));
    // The collections' stores are spelled out per version, as history: a version, once shipped, never changes.
    this.version(1).stores({
      products: 'id',
      menus: 'id',
      savedMenus: 'id, menuId',
      account: 'id',
      outbox: '++seq',
      refusals: 'seq',
      meta: 'key',
    });
    // Version 2 only adds a table: upgrading keeps every row of version 1, the outbox included.
    this.version(2).stores({
      photos: 'id, status',
    });
    // Version 3 adds conversations and the saved-menu copies the buyer last looked at.
    this.version(3).stores({
      inquiries: 'id',
      seenSnapshots: 'savedMenuId',
    });
    // A new collection of sync/contract/collections.ts needs a new version adding its table with the collection's deviceIndex (replica-db-stores.test.ts checks it).
    // Version 4 only adds the kept server reads: every row of version 3 stays, the outbox included.
    this.version(4).stores({
      serverReads: 'key',
    });
    // Version 5 adds the customer book and the price lists: every row of version 4 stays, the outbox included.
    this.version(5).stores({
      customers: 'id',
      priceLists: 'id',
    });
    // Version 6 adds orders; every row of the versions before stays, the outbox included.
    this.version(6).stores({
      orders: 'id, status',
    });
    // Version 7 gives carts and the refusals kept until acted on tables of their own, moving the rows version 6 kept elsewhere.
    this.version(7)
      .stores({
        carts: 'menuId',
        keptRefusals: '[name+id]',
      })
      .upgrade(async (tx) => {
        const carts = await tx.table<KeptRead, string>('serverReads').where('key').startsWith(CART_KEY_PREFIX).toArray();
        await tx.table<StoredCart, string>('carts').bulkPut(carts.map((read) => read.value as StoredCart));
        await tx.table('serverReads').bulkDelete(carts.map((read) => read.key));
        const { kept } = splitKeptRefusals(await tx.table<Refusal, number>('refusals').toArray());
        await tx.table<KeptRefusal>('keptRefusals').bulkPut(kept);
        await tx.table('refusals').bulkDelete(kept.map((refusal) => refusal.seq));
      });
    // Version 15 only adds the remembered import choices: every row of the versions before stays, the outbox included.
    this.version(15).stores({
      importChoices: 'importer',
    });
    // Version 17 only adds what the cart showed for each order sent: every row of the versions before stays, the outbox included.
    this.version(17).stores({
      orderQuotes: 'id',
    });
    // Version 18 only adds the drafts of long forms: every row of the versions before stays, the outbox included.
    this.version(18).stores({
      drafts: 'key',
    });
    // Version 19 indexes orders by their last change, so the ones leaving the working set are found without reading all.
    this.version(19).stores({
      orders: 'id, status, updatedAt',
    });
  }
}

/** A long form's unsaved work, by the form and record it belongs to (app/lib/drafts.ts). */
export type StoredDraft = { key: string; value: unknown; keptAt: string };

/** What the cart showed for the order `id` when it was sent. */
export type SentQuote = { id: string; quote: OrderQuote };

/** An importer's remembered choices, as that importer writes them (it checks them when it reads them back). */
export type StoredImportChoices = { importer: string; choices: unknown };

/** The person's kept server reads, in their own database. */
export function keptReadsOf(db: ReplicaDb): KeptReads {
  return { userId: db.userId, get: (key) => db.serverReads.get(key), put: (read) => db.serverReads.put(read) };
}

export function replicaName(userId: string): string {
  return `replica-${userId}`;
}
