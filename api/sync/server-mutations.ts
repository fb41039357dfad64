/**
 * The server's half of the sync registry: how it applies each mutation of
 * sync/contract/mutations.ts and reads each collection of sync/contract/collections.ts. The
 * compiler checks that both maps name every one.
 *
 * A mutation goes through the same domain functions the REST routes call, so
 * one place validates and writes; its own schema is parsed first, so every
 * applier gets the arguments it parsed.
 *
 * Conflicts: mutations are replayed against the server's current state in the
 * order the server receives them, and an update names only the fields it
 * changes, so the last write of each field wins. An update or delete of a
 * row that is gone (another device deleted it) is refused as not found:
 * a deletion wins over a concurrent edit.
 */
import type { z } from 'zod';
import { COLLECTION_NAMES, type CollectionName, type CollectionRow, type CollectionRows, type EntityType } from '../../sync/contract/collections';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { mayRun, MUTATIONS, type MutationName } from '../../sync/contract/mutations';
import { parseOrThrow } from '../../sync/contract/validation';
import type { Member, Services, Session } from '../context';
import { customerIdsNotAssignedSince, listCustomersChangedSince } from '../db/repositories/customers';
import { orderRequestIdsWithdrawnSince } from '../db/repositories/inquiries';
import { orderIdsWithdrawnSince } from '../db/repositories/orders';
import { listMenusChangedSince } from '../db/repositories/menus';
import { listPriceListsChangedSince } from '../db/repositories/price-lists';
import { listProductsChangedSince } from '../db/repositories/products';
import { createCustomer, deleteCustomer, repFilter, updateCustomer } from '../customers/customer-service';
import { createInquiry, listInquiries, markInquiryRead, replyToInquiry, setInquiryStatus } from '../inquiries/inquiry-service';
import { createMenu, deleteMenu, regenerateMenuLink, updateMenu } from '../menus/menu-service';
import { deletePriceList, savePriceList } from '../price-lists/price-list-service';
import { orderActor } from '../orders/order-actor';
import { acceptOrder, approveOrder, cancelOrder, deliverOrder, fulfilOrder, recordPayment, rejectOrder, updateOrderLines } from '../orders/order-moves';
import { createOrders } from '../orders/order-runs';
import { createOrder, ordersChangedSince, reorder } from '../orders/order-service';
import { createProduct, createProducts, deleteProduct, updateProduct } from '../products/product-service';
import { listSavedMenus, markSavedMenuSeen, removeSavedMenu, saveMenu, updateSavedMenu } from '../saved-menus/saved-menu-service';
import { updateProfile } from '../users/profile-service';

/** Who pushes: the person, and the team they act for (see `Session`). */
export type Pusher = Pick<Session, 'user' | 'team'>;

const member = (by: Pusher): Member => ({ userId: by.user.id, role: by.team.role });

type ServerApplier<K extends MutationName> = (services: Services, by: Pusher, args: z.output<(typeof MUTATIONS)[K]['args']>) => Promise<unknown>;

export const SERVER_APPLIERS = {
  'product.create': (services, by, args) => createProduct(services, by.team.account, args, member(by)),
  'product.update': (services, by, { id, changes }) => updateProduct(services, by.team.account, id, changes, member(by)),
  'product.delete': (services, by, { id }) => deleteProduct(services, by.team.account, id, member(by)),
  'menu.create': (services, by, args) => createMenu(services, by.team.account, args, member(by)),
  'menu.update': (services, by, { id, changes }) => updateMenu(services, by.team.account, id, changes, member(by)),
  'menu.regenerateLink': (services, by, { id, publicLinkId }) => regenerateMenuLink(services, by.team.account, id, publicLinkId, member(by)),
  'menu.delete': (services, by, { id }) => deleteMenu(services, by.team.account, id, member(by)),
  'savedMenu.save': (services, by, args) => saveMenu(services, by.team.account, args),
  'savedMenu.update': (services, by, { id, changes }) => updateSavedMenu(services, by.team.account, id, changes),
  'savedMenu.markSeen': (services, by, { id, stamp }) => markSavedMenuSeen(services, by.team.account, id, stamp),
  'savedMenu.remove': (services, by, { id }) => removeSavedMenu(services, by.team.account, id),
  'inquiry.create': (services, by, args) => createInquiry(services, by.team.account, by.user.id, args),
  'inquiry.reply': (services, by, args) => replyToInquiry(services, by.team.account, member(by), args),
  'inquiry.setStatus': (services, by, args) => setInquiryStatus(services, by.team.account, member(by), args),
  'inquiry.markRead': (services, by, { id }) => markInquiryRead(services, by.team.account, member(by), id),
  'customer.create': (services, by, args) => createCustomer(services, by.team.account, args, member(by)),
  'customer.update': (services, by, { id, changes }) => updateCustomer(services, by.team.account, id, changes, member(by)),
  'customer.delete': (services, by, { id }) => deleteCustomer(services, by.team.account, id, member(by)),
  'priceList.save': (services, by, args) => savePriceList(services, by.team.account, args, member(by), 'upsert'),
  'priceList.delete': (services, by, { id }) => deletePriceList(services, by.team.account, id, member(by)),
  'order.create': (services, by, args) => createOrder(services, orderActor(by), args),
  'order.accept': (services, by, args) => acceptOrder(services, orderActor(by), args),
  'order.reject': (services, by, args) => rejectOrder(services, orderActor(by), args),
  'order.cancel': (services, by, args) => cancelOrder(services, orderActor(by), args),
  'order.updateLines': (services, by, args) => updateOrderLines(services, orderActor(by), args),
  'order.approve': (services, by, args) => approveOrder(services, orderActor(by), args),
  'order.fulfil': (services, by, args) => fulfilOrder(services, orderActor(by), args),
  'order.deliver': (services, by, args) => deliverOrder(services, orderActor(by), args),
  'order.recordPayment': (services, by, args) => recordPayment(services, orderActor(by), args),
  'order.reorder': (services, by, args) => reorder(services, orderActor(by), args),
  'profile.update': (services, by, args) => updateProfile(services, by.user, args, by.team),
} satisfies { [K in MutationName]: ServerApplier<K> };

/** Applies one mutation pushed by `by`: the role first, then its schema, then its applier; throws an AppError when it is refused. */
export async function applyServerMutation(services: Services, by: Pusher, name: MutationName, rawArgs: unknown): Promise<void> {
  if (!mayRun(by.user.role, name)) throw new AppError('forbidden', "You don't have permission to do this.");
  const args = parseOrThrow(MUTATIONS[name].args, rawArgs);
  await (SERVER_APPLIERS[name] as ServerApplier<typeof name>)(services, by, args);
}

/**
 * Mutations a push applies many in a row at once, each exactly as its applier
 * above would alone after the ones before it: for each, null when applied, or
 * why it was refused (nothing of it written); a RetryLaterError for one not
 * tried because a quota holds it, where the push stops.
 */
type BatchApplier<K extends MutationName> = (services: Services, by: Pusher, args: z.output<(typeof MUTATIONS)[K]['args']>[]) => Promise<(AppError | null)[]>;

const SERVER_BATCH_APPLIERS: { [K in MutationName]?: BatchApplier<K> } = {
  'product.create': async (services, by, args) =>
    (await createProducts(services, by.team.account, args, member(by))).map((created) => ('refused' in created ? created.refused : null)),
  'order.create': (services, by, args) => createOrders(services, orderActor(by), args),
};

export function appliesInBatches(name: MutationName): boolean {
  return name in SERVER_BATCH_APPLIERS;
}

/** Applies mutations of one kind in a row (see `appliesInBatches`): the role, then each one's schema, then the batch applier. */
export async function applyServerMutations(services: Services, by: Pusher, name: MutationName, rawArgs: unknown[]): Promise<(AppError | null)[]> {
  const applier = SERVER_BATCH_APPLIERS[name] as BatchApplier<typeof name> | undefined;
  if (!applier) throw new Error(`${name} is not applied in batches`);
  const outcomes: (AppError | null)[] = [];
  const parsed: { index: number; args: z.output<(typeof MUTATIONS)[typeof name]['args']> }[] = [];
  rawArgs.forEach((raw, index) => {
    try {
      if (!mayRun(by.user.role, name)) throw new AppError('forbidden', "You don't have permission to do this.");
      parsed.push({ index, args: parseOrThrow(MUTATIONS[name].args, raw) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[index] = error;
    }
  });
  const applied = await applier(
    services,
    by,
    parsed.map((one) => one.args),
  );
  // One outcome per mutation, in order: a missing one must not pass for applied (the device would drop a write never made).
  if (applied.length !== parsed.length) throw new Error(`${name} answered ${applied.length} outcomes for ${parsed.length} mutations`);
  parsed.forEach((one, k) => {
    const outcome = applied[k];
    if (outcome === undefined) throw new Error(`${name} answered no outcome for mutation ${k}`);
    outcomes[one.index] = outcome;
  });
  return outcomes;
}

/** What a pull reads for a collection: the rows of the team (`user` is its account) changed after `cursor`, as `by` (the member pulling) may see them. */
type CollectionReader<K extends CollectionName> = (services: Services, user: User, cursor: number, by: Member) => Promise<CollectionRow<K>[]>;

export const COLLECTION_READERS = {
  products: async (services, user, cursor) => (user.role === 'seller' ? listProductsChangedSince(services.db.read, user.id, cursor) : []),
  menus: async (services, user, cursor) => (user.role === 'seller' ? listMenusChangedSince(services.db.read, user.id, cursor) : []),
  savedMenus: async (services, user, cursor) => (user.role === 'buyer' ? listSavedMenus(services, user, cursor) : []),
  // An admin is a party to no conversation.
  inquiries: async (services, user, cursor, by) => (user.role === 'admin' ? [] : listInquiries(services, user, by, cursor)),
  customers: async (services, user, cursor, by) => (user.role === 'seller' ? listCustomersChangedSince(services.db.read, user.id, cursor, repFilter(by)) : []),
  // Reps read every list: their device prices what they show and sell by them.
  priceLists: async (services, user, cursor) => (user.role === 'seller' ? listPriceListsChangedSince(services.db.read, user.id, cursor) : []),
  orders: async (services, user, cursor, by) => (user.role === 'admin' ? [] : ordersChangedSince(services, { account: user, member: by, name: '' }, cursor)),
} satisfies { [K in CollectionName]: CollectionReader<K> };

/** Every collection's changed rows of the team whose account is `user`, as `by` sees them; called inside the pull's one read snapshot. */
export async function readChangedCollections(services: Services, user: User, cursor: number, by: Member): Promise<CollectionRows> {
  const arrays = await Promise.all(COLLECTION_NAMES.map((name) => (COLLECTION_READERS[name] as CollectionReader<typeof name>)(services, user, cursor, by)));
  return Object.fromEntries(COLLECTION_NAMES.map((name, index) => [name, arrays[index]])) as CollectionRows;
}

/**
 * Rows that left what `by` may see without being deleted: a customer reassigned away from a rep, with its orders and
 * order requests (and the orders of a customer taken out of the book). They go to the device as deletions, so the
 * rep's replica drops them. A full pull needs none: the device starts from nothing.
 */
export async function readWithdrawnRows(services: Services, user: User, cursor: number, by: Member): Promise<Array<{ entity: EntityType; id: string }>> {
  const rep = repFilter(by);
  if (cursor === 0 || user.role !== 'seller' || rep === undefined) return [];
  const db = services.db.read;
  const [customerIds, orderIds, requestIds] = await Promise.all([
    customerIdsNotAssignedSince(db, user.id, rep, cursor),
    orderIdsWithdrawnSince(db, user.id, rep, cursor),
    orderRequestIdsWithdrawnSince(db, user.id, rep, cursor),
  ]);
  return [
    ...customerIds.map((id) => ({ entity: 'customer' as const, id })),
    ...orderIds.map((id) => ({ entity: 'order' as const, id })),
    ...requestIds.map((id) => ({ entity: 'inquiry' as const, id })),
  ];
}
