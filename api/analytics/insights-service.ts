/**
 * A seller's figures, from the rollups: one menu's insights, the week on the dashboard, and their notifications. Owners
 * and managers see the whole team's; a rep the figures of the menus they made (`sync/rules/team-permissions.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../sync/contract/errors';
import {
  type insightsQuerySchema,
  type MarkNotificationsRead,
  type MenuInsights,
  SELLER_NOTIFICATIONS_SHOWN,
  type SellerDashboard,
  type SellerEvent,
} from '../../sync/entities/insights';
import { can } from '../../sync/rules/team-permissions';
import type { Services, Session } from '../context';
import type { Db } from '../db/database';
import { buyersWhoViewed, menuViewsPerDay, productsOpenedOrAskedAbout, sellerViewsSince, uniqueVisitorsSince } from '../db/repositories/menu-views';
import { findMenu } from '../db/repositories/menus';
import {
  countInquiriesSince,
  countSellerEventsSince,
  insertSellerEvent,
  listSellerEvents,
  markSellerEventsRead,
  type MenuScope,
  type SellerEventRow,
} from '../db/repositories/seller-events';
import { lastDays, periodStart } from './days';

const MENU_NOT_FOUND = 'Menu not found';
const TOP_PRODUCTS = 10;
const DASHBOARD_EVENTS = 10;

type Asker = Pick<Session, 'user' | 'team'>;

/** The menus whose figures the person sees: the team's, or for a rep only those they made. */
function scopeOf({ user, team }: Asker): MenuScope {
  return { sellerId: team.id, createdBy: can(team.role, 'insights.team') ? null : user.id };
}

export async function menuInsights(services: Services, asker: Asker, menuId: string, query: z.output<typeof insightsQuerySchema>): Promise<MenuInsights> {
  const { days } = query;
  const db = services.db.read;
  const menu = await findMenu(db, menuId);
  const scope = scopeOf(asker);
  // Another seller's menu, or for a rep another member's, is answered as if it did not exist.
  if (!menu || menu.userId !== scope.sellerId || (scope.createdBy && menu.createdBy !== scope.createdBy)) throw new AppError('not_found', MENU_NOT_FOUND);
  await services.views.flush();

  const now = services.now();
  const period = lastDays(now, days);
  const since = periodStart(now, days);
  const byDay = new Map((await menuViewsPerDay(db, menuId, period[0]!)).map((row) => [row.day, row.views]));
  const perDay = period.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
  const viewers = await buyersWhoViewed(db, menuId, since);
  return {
    totalViews: perDay.reduce((total, day) => total + day.views, 0),
    uniqueVisitors: await uniqueVisitorsSince(db, menuId, since),
    perDay,
    viewers: viewers.map((viewer) => ({
      ...viewer,
      firstViewedAt: viewer.firstViewedAt.toISOString(),
      lastViewedAt: viewer.lastViewedAt.toISOString(),
    })),
    topProducts: await productsOpenedOrAskedAbout(db, menuId, since, TOP_PRODUCTS),
  };
}

const toSellerEvent = (row: SellerEventRow): SellerEvent => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The dashboard's figures: the last seven days, today included, and the latest events. */
export async function sellerDashboard(services: Services, asker: Asker): Promise<SellerDashboard> {
  await services.views.flush();
  const db = services.db.read;
  const scope = scopeOf(asker);
  const since = periodStart(services.now(), 7);
  const asked = await countInquiriesSince(db, scope, since);
  return {
    totalViews: await sellerViewsSince(db, scope, ''),
    week: {
      views: await sellerViewsSince(db, scope, lastDays(services.now(), 7)[0]!),
      saves: await countSellerEventsSince(db, scope, 'menu_saved', since),
      inquiries: asked.inquiries,
      orderRequests: asked.orderRequests,
    },
    events: (await listSellerEvents(db, scope, DASHBOARD_EVENTS)).map(toSellerEvent),
  };
}

export async function sellerNotifications(services: Services, asker: Asker): Promise<SellerEvent[]> {
  await services.views.flush();
  return (await listSellerEvents(services.db.read, scopeOf(asker), SELLER_NOTIFICATIONS_SHOWN)).map(toSellerEvent);
}

export async function markNotificationsRead(services: Services, asker: Asker, { ids }: MarkNotificationsRead): Promise<void> {
  await services.db.transaction(async (tx) => markSellerEventsRead(tx.db, scopeOf(asker), ids, services.now()));
}

/** Tells the seller a buyer saved their menu; called inside the transaction that saves it. */
export async function noteMenuSaved(services: Services, db: Db, menu: { id: string; userId: string }, buyerId: string): Promise<void> {
  await insertSellerEvent(db, { id: randomUUID(), sellerId: menu.userId, kind: 'menu_saved', menuId: menu.id, buyerId, createdAt: services.now() });
}
