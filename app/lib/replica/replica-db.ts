/**
 * The signed-in user's replica in IndexedDB, one database per user so that
 * another person signing in on this device never sees it.
 *
 * - products, menus, savedMenus, account: the server's state as last pulled.
 *   Only a pull writes them.
 * - outbox: the person's changes not yet processed by the server, in order;
 *   written before the screen shows the change, so nothing lives only in memory.
 * - refusals: changes the server refused, with its reason, until dismissed.
 * - meta: the device's client id, the pull cursor, the last successful sync.
 *
 * Screens show the server's state with the outbox applied on top
 * (sync/replica.ts). New versions of this schema are added with
 * `this.version(n + 1)`; Dexie upgrades keep every row, the outbox included.
 */
import Dexie, { type Table } from 'dexie';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { User } from '../../../sync/entities/user';
import type { OutboxEntry, Refusal } from '../../../sync/engine/sync-engine';

export type MetaKey = 'clientId' | 'cursor' | 'lastSyncedAt';

export class ReplicaDb extends Dexie {
  products!: Table<Product, string>;
  menus!: Table<Menu, string>;
  savedMenus!: Table<SavedMenuListItem, string>;
  account!: Table<User, string>;
  outbox!: Table<OutboxEntry, number>;
  refusals!: Table<Refusal, number>;
  meta!: Table<{ key: MetaKey; value: string | number }, MetaKey>;

  constructor(readonly userId: string) {
    super(replicaName(userId));
    this.version(1).stores({
      products: 'id',
      menus: 'id',
      savedMenus: 'id, menuId',
      account: 'id',
      outbox: '++seq',
      refusals: 'seq',
      meta: 'key',
    });
  }
}

export function replicaName(userId: string): string {
  return `replica-${userId}`;
}
