/**
 * The registry of what syncs (sync/contract/collections.ts, sync/contract/mutations.ts): every
 * change the sync status lists has its own words, and every tombstone and
 * every collection reach the pull answer and the device's tables.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COLLECTION_NAMES, COLLECTIONS, collectionOf, ENTITY_TYPES, type CollectionName, type CollectionRows } from './collections';
import { MUTATION_NAMES, MUTATIONS, mutationLabel, type MutationName } from './mutations';
import { pullResponseSchema, type PullResponse } from './protocol';
import type { ReplicaState } from '../device/replica-state';

describe('the mutation registry', () => {
  it('gives every mutation a label of its own, which the sync status shows for it', () => {
    const labels = MUTATION_NAMES.map((name) => mutationLabel(name));
    expect(labels.every((label) => label.trim().length > 0 && label !== 'Change')).toBe(true);
    expect(new Set(labels).size).toBe(MUTATION_NAMES.length);
    expect(mutationLabel('inquiry.setStatus')).toBe('Order request answer');
  });

  it('calls a name it does not know (an outbox from an older version) just a change', () => {
    expect(mutationLabel('product.rename')).toBe('Change');
    expect(mutationLabel('toString')).toBe('Change');
  });

  it('types every mutation with a label, roles and an args schema', () => {
    expectTypeOf<keyof typeof MUTATIONS>().toEqualTypeOf<MutationName>();
    expectTypeOf<(typeof MUTATIONS)[MutationName]['label']>().toBeString();
    for (const name of MUTATION_NAMES) expect(MUTATIONS[name].roles.length).toBeGreaterThan(0);
  });
});

describe('the collection registry', () => {
  it('maps every tombstone type to the one collection that keeps it', () => {
    expect(ENTITY_TYPES.map((entity) => collectionOf(entity))).toEqual(COLLECTION_NAMES.filter((name) => COLLECTIONS[name].tombstone !== null));
    expect(new Set(ENTITY_TYPES).size).toBe(ENTITY_TYPES.length);
  });

  it('lists every collection in the pull answer and in the replica state', () => {
    expectTypeOf<Pick<PullResponse, CollectionName>>().toEqualTypeOf<CollectionRows>();
    expectTypeOf<keyof Omit<ReplicaState, 'user'>>().toEqualTypeOf<CollectionName>();
    const shape = pullResponseSchema.shape;
    for (const name of COLLECTION_NAMES) expect(name in shape).toBe(true);
  });

  it('refuses a pull answer whose collection row does not match its schema', () => {
    const answer = { cursor: 1, lastProcessedSeq: 0, photos: [], deleted: [] };
    const rows = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, [{ id: 'not a row' }]]));
    expect(pullResponseSchema.safeParse({ ...answer, ...rows }).success).toBe(false);
  });
});
