/**
 * What a screen shows: the server's state as last pulled, with the
 * still-pending mutations applied on top in order. Pure, so the device, the
 * tests and the convergence property all compute it the same way. A pending
 * mutation that the device cannot apply (its row is gone) changes nothing
 * here; the server will refuse it and say why.
 */
import { COLLECTION_NAMES, type CollectionName, type CollectionRows } from '../contract/collections';
import type { Inquiry } from '../entities/inquiry';
import type { Menu } from '../entities/menu';
import type { TeamRole } from '../entities/team';
import type { User } from '../entities/user';
import { MUTATIONS, type Mutation, type MutationName, type ParsedMutation } from '../contract/mutations';
import { orderTotal } from '../rules/order-request';
import { pricedOrderLine, shownTerms } from '../rules/priced-menu';
import { ORDER_APPLIERS } from './order-replica';
import type { ApplyContext, ReplicaState } from './replica-state';
import { potencyConflicts, settlePotency } from '../rules/potency';
import { can, mayDelete, mayEditMenu, PRICE_AND_STOCK_FIELDS, setsPriceOrStock } from '../rules/team-permissions';

/** Who made a row: a row made on this device and not pulled yet names no maker, and is the person's own. */
function makerOf(row: { userId: string; createdBy?: string | null }): string | null {
  return row.createdBy === undefined ? row.userId : row.createdBy;
}

/** A rep's new product sets no price or stock, and goes only on menus they made. */
function mayCreateProduct(role: TeamRole, userId: string, fields: { pricePerUnit: string | null; availableQuantity: string }, menus: Menu[]): boolean {
  if (!can(role, 'product.priceAndStock') && setsPriceOrStock(fields)) return false;
  return menus.every((menu) => mayEditMenu(role, userId, makerOf(menu)));
}

/** The replica as maps by id, from each collection's rows. */
export function stateFromRows(user: User | null, rows: CollectionRows): ReplicaState {
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, new Map(rows[name].map((row) => [row.id, row]))]));
  return { user, ...collections } as ReplicaState;
}

/** Parses a mutation's arguments with its schema; null when they do not pass. */
export function parseMutation(mutation: Mutation): ParsedMutation | null {
  const result = MUTATIONS[mutation.name].args.safeParse(mutation.args);
  return result.success ? ({ name: mutation.name, args: result.data } as ParsedMutation) : null;
}

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** How the device applies each mutation to its replica, at once and optimistically: the compiler checks that every mutation has one. */
const APPLIERS: { [K in MutationName]: (state: ReplicaState, args: Extract<ParsedMutation, { name: K }>['args'], context: ApplyContext) => void } = {
  'product.create': (state, args, { now, userId, role }) => {
    const { selectedMenus, id, ...fields } = args;
    if (state.products.has(id)) return;
    const menus = selectedMenus.flatMap((menuId) => state.menus.get(menuId) ?? []);
    if (role && !mayCreateProduct(role, userId, fields, menus)) return;
    if (Object.keys(potencyConflicts(fields)).length > 0) return;
    state.products.set(id, { ...fields, id, userId, metrcPackageLabel: null, batchNumber: null, labTestingState: null, createdAt: now, updatedAt: now });
    for (const menu of menus) {
      if (!menu.productIds.includes(id)) state.menus.set(menu.id, { ...menu, productIds: [...menu.productIds, id], updatedAt: now });
    }
  },
  'product.update': (state, args, { now, role }) => {
    const product = state.products.get(args.id);
    if (!product) return;
    const changesPriceOrStock = PRICE_AND_STOCK_FIELDS.some((field) => args.changes[field] !== undefined && args.changes[field] !== product[field]);
    if (role && changesPriceOrStock && !can(role, 'product.priceAndStock')) return;
    if (Object.keys(potencyConflicts(args.changes)).length > 0) return;
    state.products.set(product.id, { ...product, ...definedOnly(settlePotency(args.changes)), updatedAt: now });
  },
  'product.delete': (state, args, { now, userId, role }) => {
    const product = state.products.get(args.id);
    if (!product || (role && !mayDelete(role, userId, makerOf(product)))) return;
    state.products.delete(args.id);
    for (const menu of state.menus.values()) {
      if (menu.productIds.includes(args.id)) {
        state.menus.set(menu.id, { ...menu, productIds: menu.productIds.filter((id) => id !== args.id), updatedAt: now });
      }
    }
  },
  'menu.create': (state, args, { now, userId }) => {
    const { id, ...fields } = args;
    if (state.menus.has(id)) return;
    state.menus.set(id, { ...fields, id, userId, createdAt: now, updatedAt: now });
  },
  'menu.update': (state, args, { now, userId, role }) => {
    const menu = state.menus.get(args.id);
    if (!menu || (role && !mayEditMenu(role, userId, makerOf(menu)))) return;
    state.menus.set(menu.id, { ...menu, ...definedOnly(args.changes), updatedAt: now });
  },
  'menu.regenerateLink': (state, args, { now, userId, role }) => {
    const menu = state.menus.get(args.id);
    if (!menu || (role && !mayEditMenu(role, userId, makerOf(menu)))) return;
    state.menus.set(menu.id, { ...menu, publicLinkId: args.publicLinkId, updatedAt: now });
  },
  'menu.delete': (state, args, { userId, role }) => {
    const menu = state.menus.get(args.id);
    if (!menu || (role && !mayDelete(role, userId, makerOf(menu)))) return;
    state.menus.delete(args.id);
  },
  'savedMenu.save': (state, args, { now, userId }) => {
    const alreadySaved = [...state.savedMenus.values()].some((saved) => saved.menuId === args.menuId);
    if (alreadySaved) return;
    // Until the next pull brings the server's copy, the entry shows the menu as the device saw it.
    const snapshot = args.snapshot ?? null;
    state.savedMenus.set(args.id, {
      id: args.id,
      buyerUserId: userId,
      menuId: args.menuId,
      notes: null,
      tags: [],
      isFavorite: false,
      lastSeenStamp: 0,
      stamp: 0,
      createdAt: now,
      snapshot,
      menu: {
        name: snapshot?.menu.name ?? 'Saved menu',
        description: snapshot?.menu.description ?? null,
        publicLinkId: snapshot?.menu.publicLinkId ?? '',
        sellerId: '',
        sellerBusinessName: snapshot?.seller.businessName ?? null,
        productCount: snapshot?.products.length ?? 0,
        updatedAt: snapshot?.menu.updatedAt ?? now,
      },
    });
  },
  'savedMenu.update': (state, args) => {
    const saved = state.savedMenus.get(args.id);
    if (saved && !saved.withdrawnAt) state.savedMenus.set(saved.id, { ...saved, ...definedOnly(args.changes) });
  },
  'savedMenu.markSeen': (state, args) => {
    const saved = state.savedMenus.get(args.id);
    if (saved && args.stamp > saved.lastSeenStamp) state.savedMenus.set(saved.id, { ...saved, lastSeenStamp: args.stamp });
  },
  'inquiry.create': (state, args, context) => {
    if (state.inquiries.has(args.id)) return;
    state.inquiries.set(args.id, pendingInquiry(state, args, context));
  },
  'inquiry.reply': (state, args, { now, userId }) => {
    const inquiry = state.inquiries.get(args.inquiryId);
    if (!inquiry || inquiry.messages.some((message) => message.id === args.id)) return;
    // The member writes for their team, the buyer or the seller of the inquiry as their account's kind says.
    const asBuyer = state.user?.role === 'buyer';
    // Writing is reading: the author has seen the conversation up to their own message.
    const read = asBuyer ? { buyerReadAt: now } : { sellerReadAt: now };
    const authorTeamId = asBuyer ? inquiry.buyerId : inquiry.sellerId;
    state.inquiries.set(inquiry.id, {
      ...inquiry,
      ...read,
      messages: [...inquiry.messages, { id: args.id, authorId: userId, authorTeamId, body: args.body, createdAt: now, writtenAt: args.writtenAt ?? now }],
      updatedAt: now,
    });
  },
  'inquiry.setStatus': (state, args, { now }) => {
    const inquiry = state.inquiries.get(args.id);
    if (inquiry && inquiry.kind === 'order' && inquiry.status === 'open') {
      state.inquiries.set(inquiry.id, { ...inquiry, status: args.status, sellerReadAt: now, updatedAt: now });
    }
  },
  'inquiry.markRead': (state, args, { now }) => {
    const inquiry = state.inquiries.get(args.id);
    if (!inquiry) return;
    state.inquiries.set(inquiry.id, state.user?.role === 'buyer' ? { ...inquiry, buyerReadAt: now } : { ...inquiry, sellerReadAt: now });
  },
  'savedMenu.remove': (state, args) => {
    state.savedMenus.delete(args.id);
  },
  'customer.create': (state, args, { now, userId }) => {
    const { id, ...fields } = args;
    if (!state.customers.has(id)) state.customers.set(id, { ...fields, id, userId, buyerTeamId: null, link: 'unlinked', invitedAt: null, createdAt: now, updatedAt: now });
  },
  'customer.update': (state, args, { now }) => {
    const customer = state.customers.get(args.id);
    if (customer) state.customers.set(customer.id, { ...customer, ...definedOnly(args.changes), updatedAt: now });
  },
  'customer.delete': (state, args) => {
    state.customers.delete(args.id);
  },
  'priceList.save': (state, args, { now, userId }) => {
    const { id, ...fields } = args;
    const current = state.priceLists.get(id);
    state.priceLists.set(id, { ...fields, id, userId: current?.userId ?? userId, createdAt: current?.createdAt ?? now, updatedAt: now });
  },
  'priceList.delete': (state, args, { now }) => {
    if (!state.priceLists.delete(args.id)) return;
    for (const customer of state.customers.values()) {
      if (customer.priceListId === args.id) state.customers.set(customer.id, { ...customer, priceListId: null, updatedAt: now });
    }
    for (const menu of state.menus.values()) {
      if (menu.priceListId === args.id) state.menus.set(menu.id, { ...menu, priceListId: null, updatedAt: now });
    }
  },
  ...ORDER_APPLIERS,
  'profile.update': (state, args, { now }) => {
    // The email changes only once the link sent to the new address is followed: the server's pull brings it.
    const { email: _confirmedFirst, currentPassword: _neverKept, ...changes } = args;
    if (state.user) state.user = { ...state.user, ...definedOnly(changes), updatedAt: now };
  },
};

/** Applies one mutation to `state` in place, with the arguments its schema parsed. */
export function applyMutation(state: ReplicaState, mutation: Mutation, context: ApplyContext): void {
  const parsed = parseMutation(mutation);
  if (parsed) (APPLIERS[parsed.name] as (state: ReplicaState, args: ParsedMutation['args'], context: ApplyContext) => void)(state, parsed.args, context);
}

/**
 * An order request or message as the buyer's device shows it before the server has it, priced from the saved snapshot
 * by the server's rule (`pricedOrderLine`) on the terms the snapshot was priced with (`shownTerms`: the buyer's list,
 * its quantity breaks), so the request waiting to send shows the figures the server will store.
 */
function pendingInquiry(state: ReplicaState, args: Extract<ParsedMutation, { name: 'inquiry.create' }>['args'], context: ApplyContext): Inquiry {
  const saved = [...state.savedMenus.values()].find((entry) => entry.menuId === args.menuId);
  const products = new Map((saved?.snapshot?.products ?? []).map((product) => [product.id, product]));
  const items = args.items.map((item) => {
    const product = products.get(item.productId);
    const quantity = item.quantity ?? '0';
    const priced = product ? pricedOrderLine(product, shownTerms(product), quantity) : null;
    return {
      productId: item.productId,
      strainName: product?.strainName ?? 'Product',
      unitType: product?.unitType ?? '',
      quantity: priced?.quantity ?? quantity,
      pricePerUnit: priced?.pricePerUnit ?? null,
      lineTotal: priced?.lineTotal ?? null,
    };
  });
  return {
    id: args.id,
    buyerId: context.userId,
    buyerName: state.user?.companyName || state.user?.firstName || '',
    sellerId: saved?.menu.sellerId ?? '',
    sellerName: saved?.menu.sellerBusinessName ?? 'Cannabis Supplier',
    menuId: args.menuId,
    menuName: saved?.menu.name ?? 'Menu',
    productId: args.productId,
    kind: args.kind,
    status: 'open',
    items,
    total: args.kind === 'order' ? orderTotal(items.map((item) => item.lineTotal)) : null,
    buyerReadAt: context.now,
    sellerReadAt: null,
    messages: args.message ? [{ id: args.id, authorId: context.userId, body: args.message, createdAt: context.now, writtenAt: args.writtenAt ?? context.now }] : [],
    createdAt: context.now,
    writtenAt: args.writtenAt ?? context.now,
    updatedAt: context.now,
  };
}

/**
 * The server's state with `pending` applied on top, in order; `base` is left as it was. Only the collections the
 * pending changes look at are copied (a distributor's catalogue is not copied for a note on one order), and with
 * nothing pending `base` itself is the answer.
 */
export function withPending(base: ReplicaState, pending: Mutation[], context: ApplyContext): ReplicaState {
  if (pending.length === 0) return base;
  const copies = new Map<CollectionName, Map<string, unknown>>();
  const copyOf = (name: CollectionName) => copies.get(name) ?? copies.set(name, new Map<string, unknown>(base[name] as Map<string, unknown>)).get(name)!;
  const state = { user: base.user } as ReplicaState;
  for (const name of COLLECTION_NAMES) Object.defineProperty(state, name, { enumerable: true, get: () => copyOf(name) });
  for (const mutation of pending) applyMutation(state, mutation, context);
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, copies.get(name) ?? base[name]]));
  return { user: state.user, ...collections } as ReplicaState;
}
