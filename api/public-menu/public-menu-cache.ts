/**
 * The public menu's answer, serialised and gzip-compressed once and kept until
 * something it depends on changes. A request looks at the change clock (kept
 * in memory by the database layer): unchanged since the answer was built, the answer is served as is;
 * changed, a second small query compares what this menu depends on (its
 * version, its products', its seller's and its bound price list's) before rebuilding.
 * The answer is the guests': priced by the menu's bound list while in effect. The ETag lets a
 * repeat visit get a 304 with no body at all.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import type { Services } from '../context';
import { keepBody } from '../platform/http/kept-answer';
import { publicMenuStamp } from '../db/repositories/menus';
import { menuPriceList } from '../db/repositories/buyer-prices';
import { linkExpired } from '../../sync/entities/menu';
import { pricedMenu } from '../../sync/rules/priced-menu';
import { applicablePriceList, calendarDay } from '../../sync/rules/pricing';
import { AppError } from '../../sync/contract/errors';
import { menuLinkIdOf } from '../../sync/rules/sample-menu';
import type { CachedAnswer } from './cached-answer';
import { loadPublicMenu, MENU_NOT_FOUND_MESSAGE } from './public-menu-service';

type Entry = CachedAnswer & { clock: number; stamp: string; day: string };

const MAX_ENTRIES = 1_000;

export class PublicMenuCache {
  private readonly entries = new BoundedMap<string, Entry>(MAX_ENTRIES);

  async answer(services: Services, requestedLinkId: string): Promise<CachedAnswer> {
    const linkId = menuLinkIdOf(requestedLinkId);
    const db = services.db.read;
    const clock = services.db.committedVersion;
    const cached = this.entries.get(linkId);
    // Expiry is a moment, not a change: nothing moves the clock when it passes.
    if (cached && linkExpired(cached, services.now())) {
      this.entries.delete(linkId);
      throw new AppError('not_found', MENU_NOT_FOUND_MESSAGE);
    }
    // A bound list's dates are days: a new day may start or end it, with nothing committed.
    const day = calendarDay(services.now());
    const current = cached && (cached.boundList === null || cached.day === day) ? cached : undefined;
    if (current && current.clock === clock) return current;

    const stamp = await publicMenuStamp(db, linkId);
    if (current && stamp === current.stamp) {
      current.clock = clock;
      return current;
    }
    // Not found (or the seller disabled) throws the same 404 as the uncached path.
    const { publicMenu, sellerId } = await loadPublicMenu(services, linkId);
    const boundList = await menuPriceList(db, publicMenu.menu.id);
    const menu = pricedMenu(publicMenu, applicablePriceList(null, boundList, day));
    const json = JSON.stringify(menu);
    const entry: Entry = {
      menu,
      base: publicMenu,
      boundList,
      day,
      menuId: publicMenu.menu.id,
      sellerId,
      productIds: new Set(publicMenu.products.map((product) => product.id)),
      linkExpiresAt: publicMenu.menu.linkExpiresAt,
      clock,
      stamp: stamp ?? '',
      json,
      ...keepBody(json),
    };
    this.entries.set(linkId, entry);
    return entry;
  }
}
