/** Menu views in SQLite: the counted views, their per-day rollup, each menu's visitors, and what the insights read from them. */
import { and, count, desc, eq, gte, inArray, isNotNull, lt, max, min, sql, sum } from 'drizzle-orm';
import { chunks } from '../chunks';
import type { Db } from '../database';
import { isPostgres } from '../sql-dialect';
import type { MenuScope } from './seller-events';
import { inquiries, menuProductOpenDays, menus, menuViewDays, menuViewEvents, menuVisitors, products, savedMenus, users } from '../schema';

/** The menus (of those given) that still exist, with their sellers. */
export async function sellersOfMenus(db: Db, menuIds: string[]): Promise<Map<string, string>> {
  if (menuIds.length === 0) return new Map();
  const rows = await db.select({ id: menus.id, userId: menus.userId }).from(menus).where(inArray(menus.id, menuIds)).all();
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** When each of the given visitors of a menu was last counted; a visitor never seen is absent. */
export async function lastCountedViews(db: Db, menuId: string, visitorKeys: string[]): Promise<Map<string, number>> {
  const last = new Map<string, number>();
  for (const keys of chunks(visitorKeys)) {
    const rows = await db
      .select({ visitorKey: menuVisitors.visitorKey, lastViewedAt: menuVisitors.lastViewedAt })
      .from(menuVisitors)
      .where(and(eq(menuVisitors.menuId, menuId), inArray(menuVisitors.visitorKey, keys)))
      .all();
    for (const row of rows) last.set(row.visitorKey, row.lastViewedAt.getTime());
  }
  return last;
}

/** When the given addresses' new visitors of the menu were first counted, from `since` on, by address. */
export async function newVisitorsByAddress(db: Db, menuId: string, addressKeys: string[], since: Date): Promise<Map<string, number[]>> {
  const byAddress = new Map<string, number[]>();
  for (const keys of chunks(addressKeys)) {
    const rows = await db
      .select({ addressKey: menuVisitors.addressKey, firstViewedAt: menuVisitors.firstViewedAt })
      .from(menuVisitors)
      .where(and(eq(menuVisitors.menuId, menuId), inArray(menuVisitors.addressKey, keys), gte(menuVisitors.firstViewedAt, since)))
      .all();
    for (const row of rows) {
      const times = byAddress.get(row.addressKey!);
      if (times) times.push(row.firstViewedAt.getTime());
      else byAddress.set(row.addressKey!, [row.firstViewedAt.getTime()]);
    }
  }
  return byAddress;
}

/** `addressKey` is set on a new anonymous visitor's first view, which their address's budget counts. */
export type CountedView = { menuId: string; visitorKey: string; userId: string | null; addressKey: string | null; at: Date; day: string };

/** Stores counted views, oldest first: the raw events, their days' rollups and their visitors. */
export async function insertCountedViews(db: Db, views: CountedView[]): Promise<void> {
  for (const rows of chunks(views)) {
    await db
      .insert(menuViewEvents)
      .values(rows.map((view) => ({ menuId: view.menuId, visitorKey: view.visitorKey, userId: view.userId, viewedAt: view.at })))
      .run();
  }
  const days = new Map<string, { menuId: string; day: string; views: number }>();
  const visitors = new Map<string, typeof menuVisitors.$inferInsert>();
  for (const view of views) {
    const dayKey = `${view.menuId}\n${view.day}`;
    const day = days.get(dayKey) ?? { menuId: view.menuId, day: view.day, views: 0 };
    day.views++;
    days.set(dayKey, day);
    const visitorKey = `${view.menuId}\n${view.visitorKey}`;
    const visitor = visitors.get(visitorKey);
    if (visitor) {
      visitor.lastViewedAt = view.at;
      visitor.views = (visitor.views ?? 0) + 1;
      visitor.userId = view.userId ?? visitor.userId;
    } else {
      visitors.set(visitorKey, {
        menuId: view.menuId,
        visitorKey: view.visitorKey,
        userId: view.userId,
        addressKey: view.addressKey,
        firstViewedAt: view.at,
        lastViewedAt: view.at,
        views: 1,
      });
    }
  }
  for (const rows of chunks([...days.values()])) {
    await db
      .insert(menuViewDays)
      .values(rows)
      .onConflictDoUpdate({ target: [menuViewDays.menuId, menuViewDays.day], set: { views: sql`${menuViewDays.views} + excluded.views` } })
      .run();
  }
  for (const rows of chunks([...visitors.values()])) {
    await db
      .insert(menuVisitors)
      .values(rows)
      .onConflictDoUpdate({
        target: [menuVisitors.menuId, menuVisitors.visitorKey],
        set: {
          lastViewedAt: sql`excluded.last_viewed_at`,
          views: sql`${menuVisitors.views} + excluded.views`,
          userId: sql`coalesce(excluded.user_id, ${menuVisitors.userId})`,
        },
      })
      .run();
  }
}

/** Views per day (YYYY-MM-DD) of one menu from `fromDay` on; days without views are absent. */
export async function menuViewsPerDay(db: Db, menuId: string, fromDay: string): Promise<Array<{ day: string; views: number }>> {
  return await db
    .select({ day: menuViewDays.day, views: menuViewDays.views })
    .from(menuViewDays)
    .where(and(eq(menuViewDays.menuId, menuId), gte(menuViewDays.day, fromDay)))
    .all();
}

/** Visitors whose last counted view of the menu is at or after `since`: exactly those who viewed it since then. */
export async function uniqueVisitorsSince(db: Db, menuId: string, since: Date): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(menuVisitors)
        .where(and(eq(menuVisitors.menuId, menuId), gte(menuVisitors.lastViewedAt, since)))
        .get()
    )?.n ?? 0
  );
}

const nameOfUser = sql<string>`coalesce(nullif(${users.companyName}, ''), nullif(${users.businessName}, ''), nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), 'Buyer')`;

export type ViewerRow = { userId: string; businessName: string; firstViewedAt: Date; lastViewedAt: Date; views: number; saved: boolean };

/**
 * The buyers who viewed the menu since `since`, most recent first, with
 * whether they have it saved. Only buyers: an admin looking into an account,
 * or another seller looking at a competitor's prices, is nobody the seller
 * sells to, and neither is named to them.
 */
export async function buyersWhoViewed(db: Db, menuId: string, since: Date): Promise<ViewerRow[]> {
  const rows = await db
    .select({
      userId: menuViewEvents.userId,
      businessName: nameOfUser,
      firstViewedAt: min(menuViewEvents.viewedAt),
      lastViewedAt: max(menuViewEvents.viewedAt),
      views: count(),
      saved: sql<number>`exists (select 1 from ${savedMenus} where ${savedMenus.menuId} = ${menuId} and ${savedMenus.buyerUserId} = ${menuViewEvents.userId})`,
    })
    .from(menuViewEvents)
    .innerJoin(users, eq(users.id, menuViewEvents.userId))
    .where(and(eq(menuViewEvents.menuId, menuId), isNotNull(menuViewEvents.userId), gte(menuViewEvents.viewedAt, since), eq(users.role, 'buyer')))
    .groupBy(menuViewEvents.userId, users.id)
    .orderBy(desc(max(menuViewEvents.viewedAt)))
    .all();
  return rows.map((row) => ({
    userId: row.userId!,
    businessName: row.businessName,
    firstViewedAt: new Date(row.firstViewedAt ?? 0),
    lastViewedAt: new Date(row.lastViewedAt ?? 0),
    views: row.views,
    saved: Boolean(row.saved),
  }));
}

/**
 * How often each product of the menu was asked about since `since`: a
 * message about it, or a line of an order request. Most asked first.
 */
export async function addProductOpen(db: Db, open: { menuId: string; productId: string; day: string }): Promise<void> {
  await db
    .insert(menuProductOpenDays)
    .values({ ...open, opens: 1 })
    .onConflictDoUpdate({ target: [menuProductOpenDays.menuId, menuProductOpenDays.productId, menuProductOpenDays.day], set: { opens: sql`${menuProductOpenDays.opens} + 1` } })
    .run();
}

/** The menu's products most opened (photos, lab results) or asked about (messages, order lines) since `since`, one count for both. */
export async function productsOpenedOrAskedAbout(db: Db, menuId: string, since: Date, limit: number): Promise<Array<{ productId: string; name: string; opens: number }>> {
  const sinceMs = since.getTime();
  const sinceDay = since.toISOString().slice(0, 10);
  const orderLine = isPostgres(db)
    ? { each: sql`json_array_elements(${inquiries.items}::json) as line(value)`, productId: sql`line.value->>'productId'`, strainName: sql`line.value->>'strainName'` }
    : { each: sql`json_each(${inquiries.items}) as line`, productId: sql`json_extract(line.value, '$.productId')`, strainName: sql`json_extract(line.value, '$.strainName')` };
  const rows = await db.all<{ productId: string; name: string; opens: number }>(sql`
    with touched(product_id, name, times) as (
      select ${inquiries.productId}, null, 1 from ${inquiries}
        where ${inquiries.menuId} = ${menuId} and ${inquiries.productId} is not null and ${inquiries.createdAt} >= ${sinceMs}
      union all
      select ${orderLine.productId}, ${orderLine.strainName}, 1
        from ${inquiries}, ${orderLine.each}
        where ${inquiries.menuId} = ${menuId} and ${inquiries.kind} = 'order' and ${inquiries.createdAt} >= ${sinceMs}
      union all
      select ${menuProductOpenDays.productId}, null, ${menuProductOpenDays.opens} from ${menuProductOpenDays}
        where ${menuProductOpenDays.menuId} = ${menuId} and ${menuProductOpenDays.day} >= ${sinceDay}
    )
    select touched.product_id as "productId", coalesce(${products.strainName}, max(touched.name), 'Product') as name, sum(touched.times) as opens
      from touched left join ${products} on ${products.id} = touched.product_id
      group by touched.product_id, ${products.strainName}
      order by opens desc, name asc
      limit ${limit}
  `);
  return rows.map((row) => ({ productId: row.productId, name: row.name, opens: Number(row.opens) }));
}

/** Counted views of all the seller's menus in the scope from `fromDay` on. */
export async function sellerViewsSince(db: Db, scope: MenuScope, fromDay: string): Promise<number> {
  const row = await db
    .select({ views: sum(menuViewDays.views) })
    .from(menuViewDays)
    .innerJoin(menus, eq(menus.id, menuViewDays.menuId))
    .where(and(eq(menus.userId, scope.sellerId), gte(menuViewDays.day, fromDay), scope.createdBy ? eq(menus.createdBy, scope.createdBy) : undefined))
    .get();
  return Number(row?.views ?? 0);
}

/** Raw view events before `before` go; the per-day rollups and the visitors' rows keep what the insights show. */
export async function deleteViewEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(menuViewEvents).where(lt(menuViewEvents.viewedAt, before)).run();
}
