/**
 * A visitor opening a product on a public menu (its photos or lab results):
 * counted per menu, product and day for the seller's insights. The same
 * visitor opening the same product again within the view window counts once;
 * the seller and bots count for nothing, and an address's new anonymous
 * visitors beyond their budget count as one, as for views.
 */
import type { Context } from 'hono';
import { AppError } from '../../sync/contract/errors';
import type { AppEnv } from '../context';
import { addProductOpen } from '../db/repositories/menu-views';
import { BoundedMap } from '../platform/limits/bounded-map';
import type { CachedAnswer } from '../public-menu/cached-answer';
import { dayOf } from './days';
import { VIEW_DEDUP_WINDOW_MS } from './menu-view-recorder';
import { hasRoomForNewVisitor, NEW_VISITOR_WINDOW_MS } from './new-visitor-budget';
import { countedVisitor } from './record-menu-view';
import { addressVisitorKey } from './visitor';

const REMEMBERED = 100_000;

export class ProductOpens {
  /** When each visitor last had an opening counted, by visitor, menu and product. */
  private readonly lastCounted = new BoundedMap<string, number>(REMEMBERED);
  /** When an address's new visitors of a product were counted within the budget's window, by address, menu and product. */
  private readonly newVisitors = new BoundedMap<string, number[]>(REMEMBERED);

  async record(c: Context<AppEnv>, menu: CachedAnswer, productId: string): Promise<void> {
    if (!menu.productIds.has(productId)) throw new AppError('not_found', 'This product is not on the menu');
    const visitor = countedVisitor(c, menu.sellerId);
    if (!visitor) return;
    const services = c.get('services');
    const now = services.now();
    const key = `${this.countedAs(visitor, `${menu.menuId}:${productId}`, now.getTime())}:${menu.menuId}:${productId}`;
    const previous = this.lastCounted.get(key);
    if (previous !== undefined && now.getTime() - previous < VIEW_DEDUP_WINDOW_MS) return;
    this.lastCounted.set(key, now.getTime());
    await services.db.transaction((tx) => addProductOpen(tx.db, { menuId: menu.menuId, productId, day: dayOf(now) }));
  }

  /** The visitor an opening counts as: its own, unless it is new and its address has no room for another new visitor of the product. */
  private countedAs(visitor: { key: string; addressKey: string | null }, opened: string, at: number): string {
    if (!visitor.addressKey || this.lastCounted.get(`${visitor.key}:${opened}`) !== undefined) return visitor.key;
    const budgetKey = `${visitor.addressKey}:${opened}`;
    const earlier = (this.newVisitors.get(budgetKey) ?? []).filter((time) => time > at - NEW_VISITOR_WINDOW_MS);
    if (!hasRoomForNewVisitor(earlier, at)) return addressVisitorKey(visitor.addressKey);
    this.newVisitors.set(budgetKey, [...earlier, at]);
    return visitor.key;
  }
}
