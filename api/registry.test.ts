/**
 * The server's registry is complete by construction: these cases plant the omissions a new entity could make and
 * hold that each fails the typecheck (`@ts-expect-error` turns into an error the moment an omission compiles), and
 * check at run time what the types cannot: every slice's export name and table are its own.
 */
import { getTableName } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName } from '../sync/contract/collections';
import { SERVER_SLICES, TEAM_TABLES } from './registry';
import type { MutationOf, MutationOfNoCollection, ServerSlice } from './sync/server-slice';

describe("the server's slices", () => {
  it('refuses, at compile time, a collection without its slice or a mutation without its applier', () => {
    const { products: _notComposed, ...withoutProducts } = SERVER_SLICES;
    // @ts-expect-error a collection without its slice
    const missingSlice: { [K in CollectionName]: ServerSlice<K> } = withoutProducts;
    const { 'product.delete': _notApplied, ...appliersShort } = SERVER_SLICES.products.appliers;
    // @ts-expect-error a mutation of the collection without its applier
    const missingApplier: ServerSlice<'products'> = { ...SERVER_SLICES.products, appliers: appliersShort };
    const { owned: _notOwned, ...withoutOwnership } = SERVER_SLICES.products;
    // @ts-expect-error a slice that does not say what of it a team owns
    const missingOwnership: ServerSlice<'products'> = withoutOwnership;
    expect([missingSlice, missingApplier, missingOwnership].every(Boolean)).toBe(true);
  });

  it("gives each mutation to the collection named by its entity, and only the profile's to none", () => {
    expectTypeOf<
      MutationOf<'orders'>
    >().toEqualTypeOf<`order.${'create' | 'accept' | 'reject' | 'cancel' | 'updateLines' | 'approve' | 'fulfil' | 'deliver' | 'recordPayment' | 'reorder'}`>();
    expectTypeOf<MutationOfNoCollection>().toEqualTypeOf<'profile.update'>();
    for (const name of COLLECTION_NAMES)
      expect(
        Object.keys(SERVER_SLICES[name].appliers).every((mutation) => mutation.startsWith(`${COLLECTIONS[name].tombstone}.`)),
        name,
      ).toBe(true);
  });

  it('says, for every collection, a table and an export name of its own', () => {
    expect(TEAM_TABLES).toHaveLength(COLLECTION_NAMES.length);
    expect(new Set(TEAM_TABLES.map((entry) => getTableName(entry.table))).size).toBe(COLLECTION_NAMES.length);
    expect(new Set(TEAM_TABLES.map((entry) => entry.exportedAs)).size).toBe(COLLECTION_NAMES.length);
  });
});
