/**
 * Every synced entity, listed once. The collections and the mutation catalogue are composed here from the entity
 * files (sync/entities/<x>.ts), and everything keyed by them is derived from these two lists: the pull answer, the
 * replica's state, the device's tables, the sync status's labels, the device's and the server's appliers, the
 * server's readers and what a team owns. Adding an entity here is one line for its collection and one for its
 * mutations; the compiler then asks every derived map for its entry (see sync/README.md, "Adding a synced entity").
 */
import type { CollectionDefinition, MutationDefinition } from './contract/definitions';
import { customerCollection, customerMutations } from './entities/customer';
import { inquiryCollection, inquiryMutations } from './entities/inquiry';
import { menuCollection, menuMutations } from './entities/menu';
import { orderCollection, orderMutations } from './entities/order';
import { priceListCollection, priceListMutations } from './entities/price-list';
import { productCollection, productMutations } from './entities/product';
import { savedMenuCollection, savedMenuMutations } from './entities/saved-menu';
import { profileMutations } from './entities/user';

export const COLLECTIONS = {
  products: productCollection,
  menus: menuCollection,
  savedMenus: savedMenuCollection,
  inquiries: inquiryCollection,
  customers: customerCollection,
  priceLists: priceListCollection,
  orders: orderCollection,
} as const satisfies Record<string, CollectionDefinition>;

export const MUTATIONS = {
  ...productMutations,
  ...menuMutations,
  ...savedMenuMutations,
  ...inquiryMutations,
  ...customerMutations,
  ...priceListMutations,
  ...orderMutations,
  ...profileMutations,
} as const satisfies Record<string, MutationDefinition>;
