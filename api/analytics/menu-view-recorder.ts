/**
 * Records public menu views off the request's path: a request only queues
 * the view in memory; every few seconds one transaction applies the queue,
 * counting a new anonymous visitor beyond their address's budget as the
 * address's one visitor (see new-visitor-budget.ts), dropping a visitor's
 * repeat openings within the dedup window, rolling the rest up per menu and
 * day, and telling the seller the first time a buyer opens one of their
 * menus. The server flushes on shutdown; at most the last interval's views
 * are lost if the process dies.
 */
import { randomUUID } from 'node:crypto';
import type { UserRole } from '../../sync/contract/constants';
import type { Database, Tx } from '../db/database';
import { insertCountedViews, lastCountedViews, newVisitorsByAddress, sellersOfMenus, type CountedView } from '../db/repositories/menu-views';
import { insertSellerEvent } from '../db/repositories/seller-events';
import { dayOf } from './days';
import { hasRoomForNewVisitor, NEW_VISITOR_WINDOW_MS } from './new-visitor-budget';
import { addressVisitorKey } from './visitor';

export const VIEW_FLUSH_INTERVAL_MS = 5_000;
/** The same visitor opening the same menu again within this time is one view. */
export const VIEW_DEDUP_WINDOW_MS = 30 * 60 * 1000;
/** Beyond this many views waiting (a flood), new ones are dropped rather than grow memory without bound. */
const MAX_PENDING = 100_000;

/** `addressKey` is the anonymous visitor's address block (keyed hash), null for a signed-in user. */
export type ViewToRecord = { menuId: string; visitorKey: string; userId: string | null; userRole: UserRole | null; addressKey: string | null; at: Date };
/** A signed-in buyer opened one of a seller's menus for the first time. */
export type FirstBuyerOpen = { sellerId: string; menuId: string; buyerId: string };
/** Told of each first opening inside the transaction that records it (the seller's email is queued there). */
export type FirstOpenListener = (tx: Tx, open: FirstBuyerOpen) => Promise<void>;

export class MenuViewRecorder {
  private pending: ViewToRecord[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Database,
    private readonly onFirstOpen: FirstOpenListener = async () => undefined,
  ) {}

  record(view: ViewToRecord): void {
    if (this.pending.length < MAX_PENDING) this.pending.push(view);
  }

  /** Applies every view queued so far; transactions run in order, so after this resolves they are all visible. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const views = this.pending;
    this.pending = [];
    await this.db.transaction(async (tx) => storeViews(tx, views, this.onFirstOpen));
  }

  start(intervalMs = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush().catch((error: unknown) => console.error(error)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export async function storeViews(tx: Tx, views: ViewToRecord[], onFirstOpen: FirstOpenListener): Promise<void> {
  const { db } = tx;
  // A menu deleted since its views were queued has nothing to count them against.
  const sellers = await sellersOfMenus(db, [...new Set(views.map((view) => view.menuId))]);
  const lastCounted = new Map<string, Map<string, number>>();
  const newByAddress = new Map<string, Map<string, number[]>>();
  for (const [menuId, menuViews] of byMenu(views)) {
    if (!sellers.has(menuId)) continue;
    const addressKeys = [...new Set(menuViews.flatMap((view) => (view.addressKey ? [view.addressKey] : [])))];
    const visitorKeys = new Set([...menuViews.map((view) => view.visitorKey), ...addressKeys.map(addressVisitorKey)]);
    lastCounted.set(menuId, await lastCountedViews(db, menuId, [...visitorKeys]));
    const earliest = menuViews.reduce((first, view) => Math.min(first, view.at.getTime()), Number.POSITIVE_INFINITY);
    newByAddress.set(menuId, await newVisitorsByAddress(db, menuId, addressKeys, new Date(earliest - NEW_VISITOR_WINDOW_MS)));
  }
  const counted: CountedView[] = [];
  for (const view of views) {
    const sellerId = sellers.get(view.menuId);
    const last = lastCounted.get(view.menuId);
    const newVisitors = newByAddress.get(view.menuId);
    if (!sellerId || !last || !newVisitors) continue;
    const at = view.at.getTime();
    const visitor = countedAs(view, last, newVisitors);
    const previous = last.get(visitor.key);
    if (previous !== undefined && at - previous < VIEW_DEDUP_WINDOW_MS) continue;
    last.set(visitor.key, at);
    if (visitor.addressKey) appendTo(newVisitors, visitor.addressKey, at);
    counted.push({ menuId: view.menuId, visitorKey: visitor.key, userId: view.userId, addressKey: visitor.addressKey, at: view.at, day: dayOf(view.at) });
    if (previous === undefined && view.userId && view.userRole === 'buyer') {
      await insertSellerEvent(db, { id: randomUUID(), sellerId, kind: 'menu_opened', menuId: view.menuId, buyerId: view.userId, createdAt: view.at });
      await onFirstOpen(tx, { sellerId, menuId: view.menuId, buyerId: view.userId });
    }
  }
  await insertCountedViews(db, counted);
}

function byMenu(views: ViewToRecord[]): Map<string, ViewToRecord[]> {
  const grouped = new Map<string, ViewToRecord[]>();
  for (const view of views) appendTo(grouped, view.menuId, view);
  return grouped;
}

function appendTo<T>(lists: Map<string, T[]>, key: string, item: T): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}

/**
 * Who a view counts as: its own visitor, unless it is a new anonymous one
 * whose address has brought its budget of new visitors lately; that one
 * counts as the address's visitor. `addressKey` is set when the view is a
 * new visitor that the address's budget spends on.
 */
function countedAs(view: ViewToRecord, last: Map<string, number>, newByAddress: Map<string, number[]>): { key: string; addressKey: string | null } {
  if (!view.addressKey || last.has(view.visitorKey)) return { key: view.visitorKey, addressKey: null };
  if (hasRoomForNewVisitor(newByAddress.get(view.addressKey) ?? [], view.at.getTime())) return { key: view.visitorKey, addressKey: view.addressKey };
  return { key: addressVisitorKey(view.addressKey), addressKey: null };
}
