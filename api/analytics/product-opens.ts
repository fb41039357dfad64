/**
 * A visitor opening a product on a public menu (its photos or lab results):
 * counted per menu, product and day for the seller's insights. The same
 * visitor opening the same product again within the view window counts once;
 * the seller and bots count for nothing, as for views.
 */
import type { Context } from 'hono';
import { AppError } from '../../sync/errors';
import type { AppEnv } from '../context';
import { addProductOpen } from '../db/repositories/menu-views';
import { BoundedMap } from '../limits/bounded-map';
import type { CachedAnswer } from '../public-menu/public-menu-cache';
import { dayOf } from './days';
import { VIEW_DEDUP_WINDOW_MS } from './menu-view-recorder';
import { countedVisitor } from './record-menu-view';

export class ProductOpens {
  /** When each visitor last had an opening counted, by visitor, menu and product. */
  private readonly lastCounted = new BoundedMap<string, number>(100_000);

  async record(c: Context<AppEnv>, menu: CachedAnswer, productId: string): Promise<void> {
    if (!menu.productIds.has(productId)) throw new AppError('not_found', 'This product is not on the menu');
    const visitor = countedVisitor(c, menu.sellerId);
    if (!visitor) return;
    const services = c.get('services');
    const now = services.now();
    const key = `${visitor.key}:${menu.menuId}:${productId}`;
    const previous = this.lastCounted.get(key);
    if (previous !== undefined && now.getTime() - previous < VIEW_DEDUP_WINDOW_MS) return;
    this.lastCounted.set(key, now.getTime());
    await services.db.transaction((tx) => addProductOpen(tx.db, { menuId: menu.menuId, productId, day: dayOf(now) }));
  }
}
