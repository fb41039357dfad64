/** A public menu's answer as kept for every request until something is committed (public-menu-cache.ts, buyer-prices.ts). */
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { VersionedPriceList } from '../db/repositories/buyer-prices';
import type { KeptBody } from '../platform/http/kept-answer';

export type CachedAnswer = KeptBody & {
  /** The menu as answered, priced; `json` is it serialised. Shared by every reader, so never changed in place. */
  menu: PublicMenu;
  json: string;
  /** The menu at list prices, for pricing it for a buyer with a list of their own. */
  base: PublicMenu;
  /** The list the menu is bound to, which prices the answer whenever it is in effect. */
  boundList: VersionedPriceList | null;
  menuId: string;
  sellerId: string;
  productIds: ReadonlySet<string>;
  linkExpiresAt: string | null;
};
