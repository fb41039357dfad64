/**
 * What a pull reads for each synced collection: the rows of `user` changed
 * after `cursor`. The compiler checks that every collection of
 * sync/collections.ts has its reader, and that it returns that collection's rows.
 */
import type { CollectionName, CollectionRow, CollectionRows } from '../../sync/collections';
import { COLLECTION_NAMES } from '../../sync/collections';
import type { User } from '../../sync/entities/user';
import type { Services } from '../context';
import { listMenusChangedSince } from '../db/repositories/menus';
import { listProductsChangedSince } from '../db/repositories/products';
import { listInquiries } from '../inquiries/inquiry-service';
import { listSavedMenus } from '../saved-menus/saved-menu-service';

type CollectionReader<K extends CollectionName> = (services: Services, user: User, cursor: number) => Promise<CollectionRow<K>[]>;

const READERS = {
  products: async (services, user, cursor) => (user.role === 'seller' ? listProductsChangedSince(services.db.read, user.id, cursor) : []),
  menus: async (services, user, cursor) => (user.role === 'seller' ? listMenusChangedSince(services.db.read, user.id, cursor) : []),
  savedMenus: async (services, user, cursor) => (user.role === 'buyer' ? listSavedMenus(services, user, cursor) : []),
  // An admin is a party to no conversation.
  inquiries: async (services, user, cursor) => (user.role === 'admin' ? [] : listInquiries(services, user, cursor)),
} satisfies { [K in CollectionName]: CollectionReader<K> };

/** Every collection's changed rows for `user`; called inside the pull's one read snapshot. */
export async function readChangedCollections(services: Services, user: User, cursor: number): Promise<CollectionRows> {
  const arrays = await Promise.all(COLLECTION_NAMES.map((name) => (READERS[name] as CollectionReader<typeof name>)(services, user, cursor)));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, arrays[index]])) as CollectionRows;
}
