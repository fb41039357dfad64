/**
 * The mutation catalogue: every change a device can make, by name, with one
 * schema for its arguments, the roles allowed to make it and the words the
 * sync status shows for it. The device's optimistic apply is the map in
 * sync/device/replica.ts, the server's the map in api/sync/server-mutations.ts; both
 * must name every mutation here or the code does not compile. The device
 * applies a mutation to its replica at once and queues it; the server
 * re-validates the same schema and applies it through its domain functions.
 *
 * `whenRefused: 'kept'`: a refusal of this change is work the person has not
 * finished (an order, a new product with everything typed into it), so the
 * device keeps it apart, by the id in its arguments, until they act on it: it
 * is never dismissed with the other refusals or cleared with them.
 */
import { z } from 'zod';
import type { UserRole } from './constants';
import { customerCreateSchema, customerDeleteSchema, customerUpdateSchema } from '../entities/customer';
import { inquiryCreateSchema, inquiryReadSchema, inquiryReplySchema, inquiryStatusSchema } from '../entities/inquiry';
import { menuCreateSchema, menuUpdateSchema } from '../entities/menu';
import { priceListDeleteSchema, priceListSaveSchema } from '../entities/price-list';
import { orderByIdSchema, orderCreateSchema, orderDeliverSchema, orderLinesUpdateSchema, orderPaymentInputSchema, orderRejectSchema, orderReorderSchema } from '../entities/order';
import { productCreateSchema, productUpdateSchema } from '../entities/product';
import { savedMenuUpdateSchema } from '../entities/saved-menu';
import { publicMenuSchema } from '../entities/public-menu';
import { profileUpdateSchema } from '../entities/user';
import { entityId } from './fields';

const byId = z.object({ id: entityId });

export const MUTATIONS = {
  'product.create': { label: 'New product', roles: ['seller'], args: productCreateSchema.extend({ id: entityId }), whenRefused: 'kept' },
  'product.update': { label: 'Product edit', roles: ['seller'], args: z.object({ id: entityId, changes: productUpdateSchema }) },
  'product.delete': { label: 'Product deletion', roles: ['seller'], args: byId },
  'menu.create': { label: 'New menu', roles: ['seller'], args: menuCreateSchema.extend({ id: entityId, publicLinkId: z.uuid() }) },
  'menu.update': { label: 'Menu edit', roles: ['seller'], args: z.object({ id: entityId, changes: menuUpdateSchema }) },
  'menu.delete': { label: 'Menu deletion', roles: ['seller'], args: byId },
  /** A new link for a menu shared too widely: the old one stops working. The device makes the uuid, so the new link can be shared at once. */
  'menu.regenerateLink': { label: 'New menu link', roles: ['seller'], args: z.object({ id: entityId, publicLinkId: z.uuid() }) },
  'savedMenu.save': {
    label: 'Saving a menu',
    roles: ['buyer'],
    // The device sends the menu as it saw it, so the saved entry shows at once offline; the server keeps its own.
    args: z.object({ id: entityId, menuId: entityId, publicLinkId: z.uuid().optional(), snapshot: publicMenuSchema.optional() }),
  },
  'savedMenu.remove': { label: 'Removing a saved menu', roles: ['buyer'], args: byId },
  'savedMenu.update': { label: 'Saved menu notes', roles: ['buyer'], args: z.object({ id: entityId, changes: savedMenuUpdateSchema }) },
  'savedMenu.markSeen': { label: 'Marking a saved menu as seen', roles: ['buyer'], args: z.object({ id: entityId, stamp: z.number().int().min(0) }) },
  'inquiry.create': { label: 'New message or order request', roles: ['buyer'], args: inquiryCreateSchema },
  'inquiry.reply': { label: 'Reply', roles: ['buyer', 'seller'], args: inquiryReplySchema },
  'inquiry.setStatus': { label: 'Order request answer', roles: ['seller'], args: inquiryStatusSchema },
  'inquiry.markRead': { label: 'Marking a conversation as read', roles: ['buyer', 'seller'], args: inquiryReadSchema },
  'customer.create': { label: 'New customer', roles: ['seller'], args: customerCreateSchema },
  'customer.update': { label: 'Customer edit', roles: ['seller'], args: z.object({ id: entityId, changes: customerUpdateSchema }) },
  'customer.delete': { label: 'Customer deletion', roles: ['seller'], args: customerDeleteSchema },
  /** The whole list as the grid holds it: creates it or replaces it. */
  'priceList.save': { label: 'Price list', roles: ['seller'], args: priceListSaveSchema },
  'priceList.delete': { label: 'Price list deletion', roles: ['seller'], args: priceListDeleteSchema },
  'order.create': { label: 'New order', roles: ['buyer', 'seller'], args: orderCreateSchema, whenRefused: 'kept' },
  'order.accept': { label: 'Accepting an order', roles: ['seller'], args: orderByIdSchema },
  'order.reject': { label: 'Rejecting an order', roles: ['seller'], args: orderRejectSchema },
  'order.cancel': { label: 'Cancelling an order', roles: ['buyer', 'seller'], args: orderByIdSchema },
  'order.updateLines': { label: 'Order change', roles: ['seller'], args: orderLinesUpdateSchema },
  'order.approve': { label: 'Approving an order change', roles: ['buyer'], args: orderByIdSchema },
  'order.fulfil': { label: 'Fulfilling an order', roles: ['seller'], args: orderByIdSchema },
  'order.deliver': { label: 'Delivering an order', roles: ['seller'], args: orderDeliverSchema },
  'order.recordPayment': { label: 'Recording a payment', roles: ['seller'], args: orderPaymentInputSchema },
  'order.reorder': { label: 'Reordering', roles: ['buyer', 'seller'], args: orderReorderSchema },
  'profile.update': { label: 'Profile edit', roles: ['seller', 'buyer', 'admin'], args: profileUpdateSchema },
} as const satisfies Record<string, { label: string; roles: readonly UserRole[]; args: z.ZodType; whenRefused?: 'kept' }>;

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
