/** Menu view counts in SQLite. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { menus, menuViews } from '../schema';

export async function addMenuViews(db: Db, counts: Map<string, number>): Promise<void> {
  for (const [menuId, views] of counts) {
    // A menu deleted since its views were counted has nothing to count them against.
    if (!db.select({ id: menus.id }).from(menus).where(eq(menus.id, menuId)).get()) continue;
    db.insert(menuViews)
      .values({ menuId, views })
      .onConflictDoUpdate({ target: menuViews.menuId, set: { views: sql`${menuViews.views} + ${views}` } })
      .run();
  }
}

export async function menuViewsOfSeller(db: Db, sellerId: string): Promise<Record<string, number>> {
  const rows = db
    .select({ menuId: menuViews.menuId, views: menuViews.views })
    .from(menuViews)
    .innerJoin(menus, eq(menus.id, menuViews.menuId))
    .where(eq(menus.userId, sellerId))
    .all();
  return Object.fromEntries(rows.map((row) => [row.menuId, row.views]));
}
