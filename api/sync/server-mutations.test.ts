/** The server has an applier for every mutation of the catalogue, so none is answered 'applied' without doing anything, and a reader for every collection a pull lists. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COLLECTION_NAMES, type CollectionName } from '../../sync/contract/collections';
import { MUTATION_NAMES, type MutationName } from '../../sync/contract/mutations';
import { COLLECTION_READERS, SERVER_APPLIERS } from './server-mutations';

describe("the server's half of the sync registry", () => {
  it('applies exactly the mutations of the catalogue', () => {
    expectTypeOf<keyof typeof SERVER_APPLIERS>().toEqualTypeOf<MutationName>();
    expect(Object.keys(SERVER_APPLIERS).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it('read exactly the collections of the registry', () => {
    expectTypeOf<keyof typeof COLLECTION_READERS>().toEqualTypeOf<CollectionName>();
    expect(Object.keys(COLLECTION_READERS).sort()).toEqual([...COLLECTION_NAMES].sort());
  });
});
