/**
 * The mutation catalogue: every change a device can make, by name, with one
 * schema for its arguments and the roles allowed to make it. The device
 * applies a mutation to its replica at once and queues it; the server
 * re-validates the same schema and applies it through its domain functions.
 */
import { z } from 'zod';
import type { UserRole } from './constants';
import { menuCreateSchema, menuUpdateSchema } from './entities/menu';
import { productCreateSchema, productUpdateSchema } from './entities/product';
import { profileUpdateSchema } from './entities/user';
import { entityId } from './fields';

const byId = z.object({ id: entityId });

export const MUTATIONS = {
  'product.create': { roles: ['seller'], args: productCreateSchema.extend({ id: entityId }) },
  'product.update': { roles: ['seller'], args: z.object({ id: entityId, changes: productUpdateSchema }) },
  'product.delete': { roles: ['seller'], args: byId },
  'menu.create': { roles: ['seller'], args: menuCreateSchema.extend({ id: entityId, publicLinkId: z.uuid() }) },
  'menu.update': { roles: ['seller'], args: z.object({ id: entityId, changes: menuUpdateSchema }) },
  'menu.delete': { roles: ['seller'], args: byId },
  /** A new link for a menu shared too widely: the old one stops working. The device makes the uuid, so the new link can be shared at once. */
  'menu.regenerateLink': { roles: ['seller'], args: z.object({ id: entityId, publicLinkId: z.uuid() }) },
  'savedMenu.save': { roles: ['buyer'], args: z.object({ id: entityId, menuId: entityId }) },
  'savedMenu.remove': { roles: ['buyer'], args: byId },
  'profile.update': { roles: ['seller', 'buyer', 'admin'], args: profileUpdateSchema },
} as const satisfies Record<string, { roles: readonly UserRole[]; args: z.ZodType }>;

export type MutationName = keyof typeof MUTATIONS;
export const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

/** A mutation as the device writes it: arguments as given, before the schema normalises them. */
export type Mutation = { [K in MutationName]: { name: K; args: z.input<(typeof MUTATIONS)[K]['args']> } }[MutationName];

/** A mutation whose arguments passed their schema. */
export type ParsedMutation = { [K in MutationName]: { name: K; args: z.output<(typeof MUTATIONS)[K]['args']> } }[MutationName];

export function mayRun(role: UserRole, name: MutationName): boolean {
  return (MUTATIONS[name].roles as readonly UserRole[]).includes(role);
}
