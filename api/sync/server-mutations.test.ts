/** The server has an applier for every mutation of the catalogue, so none is answered 'applied' without doing anything. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MUTATION_NAMES, type MutationName } from '../../sync/mutations';
import { SERVER_APPLIERS } from './server-mutations';

describe('the server appliers', () => {
  it('name exactly the mutations of the catalogue', () => {
    expectTypeOf<keyof typeof SERVER_APPLIERS>().toEqualTypeOf<MutationName>();
    expect(Object.keys(SERVER_APPLIERS).sort()).toEqual([...MUTATION_NAMES].sort());
  });
});
