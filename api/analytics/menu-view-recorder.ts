/**
 * Records public menu views off the request's path: a request only queues
 * the view in memory; every few seconds one transaction applies the queue,
 * dropping a visitor's repeat openings within the dedup window, rolling the
 * rest up per menu and day, and telling the seller the first time a buyer
 * opens one of their menus. The server flushes on shutdown; at most the last
 * interval's views are lost if the process dies.
 */
import { randomUUID } from 'node:crypto';
import type { UserRole } from '../../sync/constants';
import type { Database, Tx } from '../db/database';
import { insertCountedViews, lastCountedViews, sellersOfMenus, type CountedView } from '../db/repositories/menu-views';
import { insertSellerEvent } from '../db/repositories/seller-events';
import { dayOf } from './days';

export const VIEW_FLUSH_INTERVAL_MS = 5_000;
/** The same visitor opening the same menu again within this time is one view. */
export const VIEW_DEDUP_WINDOW_MS = 30 * 60 * 1000;
/** Beyond this many views waiting (a flood), new ones are dropped rather than grow memory without bound. */
const MAX_PENDING = 100_000;

export type ViewToRecord = { menuId: string; visitorKey: string; userId: string | null; userRole: UserRole | null; at: Date };
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
  const visitorsByMenu = new Map<string, Set<string>>();
  for (const view of views) {
    if (!visitorsByMenu.has(view.menuId)) visitorsByMenu.set(view.menuId, new Set());
    visitorsByMenu.get(view.menuId)!.add(view.visitorKey);
  }
  const lastCounted = new Map<string, Map<string, number>>();
  for (const menuId of sellers.keys()) lastCounted.set(menuId, await lastCountedViews(db, menuId, [...(visitorsByMenu.get(menuId) ?? [])]));
  const counted: CountedView[] = [];
  for (const view of views) {
    const sellerId = sellers.get(view.menuId);
    const last = lastCounted.get(view.menuId);
    if (!sellerId || !last) continue;
    const previous = last.get(view.visitorKey);
    if (previous !== undefined && view.at.getTime() - previous < VIEW_DEDUP_WINDOW_MS) continue;
    last.set(view.visitorKey, view.at.getTime());
    counted.push({ menuId: view.menuId, visitorKey: view.visitorKey, userId: view.userId, at: view.at, day: dayOf(view.at) });
    if (previous === undefined && view.userId && view.userRole === 'buyer') {
      await insertSellerEvent(db, { id: randomUUID(), sellerId, kind: 'menu_opened', menuId: view.menuId, buyerId: view.userId, createdAt: view.at });
      await onFirstOpen(tx, { sellerId, menuId: view.menuId, buyerId: view.userId });
    }
  }
  await insertCountedViews(db, counted);
}
