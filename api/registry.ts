/**
 * The server's slices, one per synced collection (see api/sync/server-slice.ts), and the appliers of the mutations
 * that belong to no collection. The compiler refuses a collection without its slice or a mutation without its
 * applier; route mounting, the push and the pull are derived from this list.
 */
import type { CollectionName } from '../sync/contract/collections';
import { customerSlice } from './customers/customer-slice';
import { inquirySlice } from './inquiries/inquiry-slice';
import { menuSlice } from './menus/menu-slice';
import { orderSlice } from './orders/order-slice';
import { priceListSlice } from './price-lists/price-list-slice';
import { productSlice } from './products/product-slice';
import { savedMenuSlice } from './saved-menus/saved-menu-slice';
import type { TeamTable } from './db/repositories/team-data';
import type { ServerSlice } from './sync/server-slice';
import { profileAppliers } from './users/profile-slice';

/** In the order closing an account deletes their rows: menus before the products they show, the book before the lists it names. */
export const SERVER_SLICES = {
  menus: menuSlice,
  savedMenus: savedMenuSlice,
  inquiries: inquirySlice,
  customers: customerSlice,
  priceLists: priceListSlice,
  products: productSlice,
  orders: orderSlice,
} satisfies { [K in CollectionName]: ServerSlice<K> };

/** What a team owns, collection by collection (see api/db/repositories/team-data.ts). */
export const TEAM_TABLES: readonly TeamTable[] = Object.values(SERVER_SLICES).map((slice) => slice.owned);

export { profileAppliers as APPLIERS_OF_NO_COLLECTION };
