/**
 * The shapes an entity file declares its sync parts in (sync/entities/<x>.ts), which sync/registry.ts composes into
 * the collections and the mutation catalogue. Kept apart from the registry so an entity file depends on these types
 * alone, never on the list that names it.
 */
import type { z } from 'zod';
import type { UserRole } from './constants';

/** A synced collection: its row's schema, the entity type its deletions carry (null: never deleted), its device indexes. */
export type CollectionDefinition = { row: z.ZodType<{ id: string }>; tombstone: string | null; deviceIndex: string };

/**
 * A change a device can make: the words the sync status shows for it, the roles allowed, its one schema.
 * `whenRefused: 'kept'`: a refusal is work the person has not finished (an order, a new product with everything typed
 * into it), so the device keeps it apart, by the id in its arguments, until they act on it.
 */
export type MutationDefinition = { label: string; roles: readonly UserRole[]; args: z.ZodType; whenRefused?: 'kept' };

/** An entity's mutations, each named `<entity>.<intent>`. */
export type MutationDefinitions<Entity extends string> = Record<`${Entity}.${string}`, MutationDefinition>;
