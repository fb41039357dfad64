/**
 * The synced collections, by name: each row's schema, the entity type its
 * deletions carry in a pull's tombstones (null: its rows are never deleted,
 * only changed), and its indexes in the device's replica database. The pull
 * answer, the replica's state, the device's tables and their sync store, its
 * reads and the server's pull are derived from this one list.
 */
import { z } from 'zod';
import { customerSchema } from '../entities/customer';
import { inquirySchema } from '../entities/inquiry';
import { menuSchema } from '../entities/menu';
import { priceListSchema } from '../entities/price-list';
import { orderSchema } from '../entities/order';
import { productSchema } from '../entities/product';
import { savedMenuListItemSchema } from '../entities/saved-menu';

export const COLLECTIONS = {
  products: { row: productSchema, tombstone: 'product', deviceIndex: 'id' },
  menus: { row: menuSchema, tombstone: 'menu', deviceIndex: 'id' },
  savedMenus: { row: savedMenuListItemSchema, tombstone: 'savedMenu', deviceIndex: 'id, menuId' },
  /** Conversations and order requests the user is a party to (a rep's order requests: of the customers assigned to them). */
  inquiries: { row: inquirySchema, tombstone: 'inquiry', deviceIndex: 'id' },
  /** A seller team's customer book: a rep holds only the customers assigned to them. */
  customers: { row: customerSchema, tombstone: 'customer', deviceIndex: 'id' },
  priceLists: { row: priceListSchema, tombstone: 'priceList', deviceIndex: 'id' },
  /**
   * Orders the team is a party to (a rep's: of the customers assigned to them); never deleted, only moved on. Their
   * tombstones and those of inquiries come only as withdrawals: a customer reassigned away takes its orders and order
   * requests off the former rep's devices (see `readWithdrawnRows`).
   */
  orders: { row: orderSchema, tombstone: 'order', deviceIndex: 'id, status' },
} as const satisfies Record<string, { row: z.ZodType<{ id: string }>; tombstone: string | null; deviceIndex: string }>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
export type CollectionRow<K extends CollectionName> = z.output<(typeof COLLECTIONS)[K]['row']>;

type TombstoneOf<K extends CollectionName> = (typeof COLLECTIONS)[K]['tombstone'];
/** The entity types a tombstone may name. */
export type EntityType = Exclude<{ [K in CollectionName]: TombstoneOf<K> }[CollectionName], null>;
export const ENTITY_TYPES = COLLECTION_NAMES.flatMap((name) => (COLLECTIONS[name].tombstone ? [COLLECTIONS[name].tombstone] : [])) as [EntityType, ...EntityType[]];

/** The collection whose rows a tombstone of `entity` deletes. */
export function collectionOf(entity: EntityType): CollectionName {
  const name = COLLECTION_NAMES.find((candidate) => COLLECTIONS[candidate].tombstone === entity);
  if (!name) throw new Error(`No collection keeps ${entity}`);
  return name;
}

/** Every collection's rows, one array each: the shape of a pull answer and of the server's pull. */
export type CollectionRows = { [K in CollectionName]: CollectionRow<K>[] };

/** The pull answer's part that lists each collection's changed rows. */
export function collectionArraysSchema(): { [K in CollectionName]: z.ZodArray<(typeof COLLECTIONS)[K]['row']> } {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, z.array(COLLECTIONS[name].row)])) as {
    [K in CollectionName]: z.ZodArray<(typeof COLLECTIONS)[K]['row']>;
  };
}
