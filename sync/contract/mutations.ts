/**
 * The mutation catalogue, as sync/registry.ts composes it from the entity files: every change a device can make, by
 * name, with one schema for its arguments, the roles allowed to make it and the words the sync status shows for it;
 * with what is derived from it. The device's optimistic apply is the map in sync/device/replica.ts, the server's the
 * slices composed in api/registry.ts; both must name every mutation or the code does not compile. A mutation kept when
 * refused (`whenRefused: 'kept'`) is never dismissed with the other refusals or cleared with them.
 */
import type { z } from 'zod';
import type { UserRole } from './constants';
import { MUTATIONS } from '../registry';

export { MUTATIONS };

export type MutationName = keyof typeof MUTATIONS;

/** The mutations whose refusals are kept until the person acts on them. */
export type KeptMutationName = { [K in MutationName]: (typeof MUTATIONS)[K] extends { whenRefused: 'kept' } ? K : never }[MutationName];
export const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

/** A mutation as the device writes it: arguments as given, before the schema normalises them. */
export type Mutation = { [K in MutationName]: { name: K; args: z.input<(typeof MUTATIONS)[K]['args']> } }[MutationName];

/** A change whose refusal is kept until acted on; its arguments' `id` is what it is kept by. */
export type KeptMutation = Extract<Mutation, { name: KeptMutationName }>;

export function isKeptWhenRefused(mutation: Mutation): mutation is KeptMutation {
  // An old outbox may hold a name the catalogue no longer has.
  return Object.hasOwn(MUTATIONS, mutation.name) && 'whenRefused' in MUTATIONS[mutation.name];
}

/** A mutation whose arguments passed their schema. */
export type ParsedMutation = { [K in MutationName]: { name: K; args: z.output<(typeof MUTATIONS)[K]['args']> } }[MutationName];

/** What the sync status calls a change; a name the catalogue no longer has (an old outbox) is just a change. */
export function mutationLabel(name: string): string {
  return Object.hasOwn(MUTATIONS, name) ? MUTATIONS[name as MutationName].label : 'Change';
}

export function mayRun(role: UserRole, name: MutationName): boolean {
  return (MUTATIONS[name].roles as readonly UserRole[]).includes(role);
}

/**
 * A mutation's arguments as they go to the server: without what only the
 * device uses (the menu a buyer saw when saving it), which the server would
 * ignore anyway and which can be large.
 */
export function wireArgs(mutation: Mutation): unknown {
  if (mutation.name === 'savedMenu.save') {
    const { snapshot: _shownOnTheDevice, ...args } = mutation.args;
    return args;
  }
  return mutation.args;
}
