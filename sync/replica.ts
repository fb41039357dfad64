/**
 * What a screen shows: the server's state as last pulled, with the
 * still-pending mutations applied on top in order. Pure, so the device, the
 * tests and the convergence property all compute it the same way. A pending
 * mutation that the device cannot apply (its row is gone) changes nothing
 * here; the server will refuse it and say why.
 */
import type { Inquiry } from './entities/inquiry';
import type { Menu } from './entities/menu';
import type { Product } from './entities/product';
import type { SavedMenuListItem } from './entities/saved-menu';
import type { User } from './entities/user';
import { MUTATIONS, type Mutation, type ParsedMutation } from './mutations';
import { lineTotal, orderTotal } from './order-request';

export type ReplicaState = {
  user: User | null;
  products: Map<string, Product>;
  menus: Map<string, Menu>;
  savedMenus: Map<string, SavedMenuListItem>;
  inquiries: Map<string, Inquiry>;
};

export type ApplyContext = { userId: string; now: string };

export function cloneState(state: ReplicaState): ReplicaState {
  return {
    user: state.user,
    products: new Map(state.products),
    menus: new Map(state.menus),
    savedMenus: new Map(state.savedMenus),
    inquiries: new Map(state.inquiries),
  };
}

/** Parses a mutation's arguments with its schema; null when they do not pass. */
export function parseMutation(mutation: Mutation): ParsedMutation | null {
  const result = MUTATIONS[mutation.name].args.safeParse(mutation.args);
  return result.success ? ({ name: mutation.name, args: result.data } as ParsedMutation) : null;
}

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Applies one mutation to `state` in place. */
export function applyMutation(state: ReplicaState, mutation: Mutation, context: ApplyContext): void {
  const parsed = parseMutation(mutation);
  if (!parsed) return;
  const { now, userId } = context;
  switch (parsed.name) {
    case 'product.create': {
      const { selectedMenus, id, ...fields } = parsed.args;
      if (state.products.has(id)) return;
      state.products.set(id, { ...fields, id, userId, createdAt: now, updatedAt: now });
      for (const menuId of selectedMenus) {
        const menu = state.menus.get(menuId);
        if (menu && !menu.productIds.includes(id)) state.menus.set(menuId, { ...menu, productIds: [...menu.productIds, id], updatedAt: now });
      }
      return;
    }
    case 'product.update': {
      const product = state.products.get(parsed.args.id);
      if (product) state.products.set(product.id, { ...product, ...definedOnly(parsed.args.changes), updatedAt: now });
      return;
    }
    case 'product.delete': {
      if (!state.products.delete(parsed.args.id)) return;
      for (const menu of state.menus.values()) {
        if (menu.productIds.includes(parsed.args.id)) {
          state.menus.set(menu.id, { ...menu, productIds: menu.productIds.filter((id) => id !== parsed.args.id), updatedAt: now });
        }
      }
      return;
    }
    case 'menu.create': {
      const { id, ...fields } = parsed.args;
      if (state.menus.has(id)) return;
      state.menus.set(id, { ...fields, id, userId, createdAt: now, updatedAt: now });
      return;
    }
    case 'menu.update': {
      const menu = state.menus.get(parsed.args.id);
      if (menu) state.menus.set(menu.id, { ...menu, ...definedOnly(parsed.args.changes), updatedAt: now });
      return;
    }
    case 'menu.regenerateLink': {
      const menu = state.menus.get(parsed.args.id);
      if (menu) state.menus.set(menu.id, { ...menu, publicLinkId: parsed.args.publicLinkId, updatedAt: now });
      return;
    }
    case 'menu.delete':
      state.menus.delete(parsed.args.id);
      return;
    case 'savedMenu.save': {
      const alreadySaved = [...state.savedMenus.values()].some((saved) => saved.menuId === parsed.args.menuId);
      if (alreadySaved) return;
      // Until the next pull brings the server's copy, the entry shows the menu as the device saw it.
      const snapshot = parsed.args.snapshot ?? null;
      state.savedMenus.set(parsed.args.id, {
        id: parsed.args.id,
        buyerUserId: userId,
        menuId: parsed.args.menuId,
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
      return;
    }
    case 'savedMenu.update': {
      const saved = state.savedMenus.get(parsed.args.id);
      if (saved) state.savedMenus.set(saved.id, { ...saved, ...definedOnly(parsed.args.changes) });
      return;
    }
    case 'savedMenu.markSeen': {
      const saved = state.savedMenus.get(parsed.args.id);
      if (saved && parsed.args.stamp > saved.lastSeenStamp) state.savedMenus.set(saved.id, { ...saved, lastSeenStamp: parsed.args.stamp });
      return;
    }
    case 'inquiry.create': {
      if (state.inquiries.has(parsed.args.id)) return;
      state.inquiries.set(parsed.args.id, pendingInquiry(state, parsed.args, context));
      return;
    }
    case 'inquiry.reply': {
      const inquiry = state.inquiries.get(parsed.args.inquiryId);
      if (!inquiry || inquiry.messages.some((message) => message.id === parsed.args.id)) return;
      // Writing is reading: the author has seen the conversation up to their own message.
      const read = inquiry.buyerId === userId ? { buyerReadAt: now } : { sellerReadAt: now };
      state.inquiries.set(inquiry.id, {
        ...inquiry,
        ...read,
        messages: [...inquiry.messages, { id: parsed.args.id, authorId: userId, body: parsed.args.body, createdAt: now, writtenAt: parsed.args.writtenAt ?? now }],
        updatedAt: now,
      });
      return;
    }
    case 'inquiry.setStatus': {
      const inquiry = state.inquiries.get(parsed.args.id);
      if (inquiry && inquiry.kind === 'order' && inquiry.status === 'open') {
        state.inquiries.set(inquiry.id, { ...inquiry, status: parsed.args.status, sellerReadAt: now, updatedAt: now });
      }
      return;
    }
    case 'inquiry.markRead': {
      const inquiry = state.inquiries.get(parsed.args.id);
      if (!inquiry) return;
      state.inquiries.set(inquiry.id, inquiry.buyerId === userId ? { ...inquiry, buyerReadAt: now } : { ...inquiry, sellerReadAt: now });
      return;
    }
    case 'savedMenu.remove':
      state.savedMenus.delete(parsed.args.id);
      return;
    case 'profile.update': {
      // The email changes only once the link sent to the new address is followed: the server's pull brings it.
      const { email: _confirmedFirst, currentPassword: _neverKept, ...changes } = parsed.args;
      if (state.user) state.user = { ...state.user, ...definedOnly(changes), updatedAt: now };
      return;
    }
  }
}

/** An order request or message as the buyer's device shows it before the server has it, priced from the saved snapshot. */
function pendingInquiry(state: ReplicaState, args: Extract<ParsedMutation, { name: 'inquiry.create' }>['args'], context: ApplyContext): Inquiry {
  const saved = [...state.savedMenus.values()].find((entry) => entry.menuId === args.menuId);
  const products = new Map((saved?.snapshot?.products ?? []).map((product) => [product.id, product]));
  const items = args.items.map((item) => {
    const product = products.get(item.productId);
    const quantity = item.quantity ?? '0';
    return {
      productId: item.productId,
      strainName: product?.strainName ?? 'Product',
      unitType: product?.unitType ?? '',
      quantity,
      pricePerUnit: product?.pricePerUnit ?? null,
      lineTotal: product ? lineTotal(product, quantity) : null,
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

/** The server's state with `pending` applied on top, in order; `base` is left as it was. */
export function withPending(base: ReplicaState, pending: Mutation[], context: ApplyContext): ReplicaState {
  const state = cloneState(base);
  for (const mutation of pending) applyMutation(state, mutation, context);
  return state;
}
