/**
 * The one door to a public menu as someone sees it: a guest at the menu's own prices, a buyer team at theirs (their
 * customer list while in effect, else the menu's bound list; `sync/rules/pricing.ts`). The page, the pull's saved-menu
 * snapshots, saving a menu and the saved-menus digest all come through here, so they show the same prices and share one
 * cache: the guests' answer per menu (public-menu-cache.ts) and each list's pricing of it (buyer-prices.ts), both kept
 * until something is committed. One door per running server's services (`pricedMenusOf`).
 */
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { Services } from '../context';
import { BuyerMenuPrices } from './buyer-prices';
import type { CachedAnswer } from './cached-answer';
import { PublicMenuCache } from './public-menu-cache';

export class PricedMenus {
  /** The guests' answers, which the drawn page and the live stream follow too. */
  readonly guests = new PublicMenuCache();
  private readonly buyers = new BuyerMenuPrices();

  /** The menu's answer for the buyer team, or for a guest (null); 404 when the link shows nothing. */
  async answer(services: Services, publicLinkId: string, buyerTeamId: string | null): Promise<CachedAnswer> {
    const guests = await this.guests.answer(services, publicLinkId);
    return buyerTeamId ? this.buyers.answer(services, guests, buyerTeamId) : guests;
  }

  /** The menu as the answer shows it, for a reader that builds on it; shared, so never changed in place. */
  async menu(services: Services, publicLinkId: string, buyerTeamId: string | null): Promise<PublicMenu> {
    return (await this.answer(services, publicLinkId, buyerTeamId)).menu;
  }
}

const doors = new WeakMap<Services, PricedMenus>();

/** The services' one door to public menus, made on first use. */
export function pricedMenusOf(services: Services): PricedMenus {
  let door = doors.get(services);
  if (!door) {
    door = new PricedMenus();
    doors.set(services, door);
  }
  return door;
}
