/**
 * What a screen shows: the server's state as last pulled, with the
 * still-pending mutations applied on top in order. Pure, so the device, the
 * tests and the convergence property all compute it the same way. A pending
 * mutation that the device cannot apply (its row is gone) changes nothing
 * here; the server will refuse it and say why.
 */
import type { Menu } from './entities/menu';
import type { Product } from './entities/product';
import type { SavedMenuListItem } from './entities/saved-menu';
import type { User } from './entities/user';
import { MUTATIONS, type Mutation, type ParsedMutation } from './mutations';

export type ReplicaState = {
  user: User | null;
  products: Map<string, Product>;
  menus: Map<string, Menu>;
  savedMenus: Map<string, SavedMenuListItem>;
};

export type ApplyContext = { userId: string; now: string };

export function cloneState(state: ReplicaState): ReplicaState {
  return {
    user: state.user,
    products: new Map(state.products),
    menus: new Map(state.menus),
    savedMenus: new Map(state.savedMenus),
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
      // The menu's details arrive with the next pull; until then the entry shows what the device knows.
      state.savedMenus.set(parsed.args.id, {
        id: parsed.args.id,
        buyerUserId: userId,
        menuId: parsed.args.menuId,
        notes: null,
        tags: [],
        isFavorite: false,
        createdAt: now,
        menu: { name: 'Saved menu', description: null, publicLinkId: '', sellerBusinessName: null, productCount: 0, updatedAt: now },
      });
      return;
    }
    case 'savedMenu.remove':
      state.savedMenus.delete(parsed.args.id);
      return;
    case 'profile.update':
      if (state.user) state.user = { ...state.user, ...definedOnly(parsed.args), updatedAt: now };
      return;
  }
}

/** The server's state with `pending` applied on top, in order; `base` is left as it was. */
export function withPending(base: ReplicaState, pending: Mutation[], context: ApplyContext): ReplicaState {
  const state = cloneState(base);
  for (const mutation of pending) applyMutation(state, mutation, context);
  return state;
}
