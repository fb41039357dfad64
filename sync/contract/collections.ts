/**
 * The synced collections, by name, as sync/registry.ts composes them from the entity files: each row's schema, the
 * entity type its deletions carry in a pull's tombstones (null: its rows are never deleted, only changed), and its
 * indexes in the device's replica database; with what is derived from them.
 */
import { z } from 'zod';
import { COLLECTIONS } from '../registry';

export { COLLECTIONS };

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
