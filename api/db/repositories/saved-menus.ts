/** A buyer's saved menus in SQLite. */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { SavedMenu, SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { Db } from '../database';
import { menuItems, menus, savedMenus, users } from '../schema';

type SavedMenuRow = typeof savedMenus.$inferSelect;

function toSavedMenu(row: SavedMenuRow): SavedMenu {
  return {
    id: row.id,
    buyerUserId: row.buyerUserId,
    menuId: row.menuId,
    notes: row.notes,
    tags: row.tags,
    isFavorite: row.isFavorite,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The buyer's saved menus, or only those changed after change-clock value `since`. */
export async function listSavedMenus(db: Db, buyerUserId: string, since?: number): Promise<SavedMenuListItem[]> {
  const productCounts = db
    .select({ menuId: menuItems.menuId, productCount: count().as('product_count') })
    .from(menuItems)
    .groupBy(menuItems.menuId)
    .as('product_counts');
  return db
    .select({ saved: savedMenus, menu: menus, sellerBusinessName: users.businessName, productCount: productCounts.productCount })
    .from(savedMenus)
    .innerJoin(menus, eq(savedMenus.menuId, menus.id))
    .innerJoin(users, eq(menus.userId, users.id))
    .leftJoin(productCounts, eq(productCounts.menuId, menus.id))
    .where(and(eq(savedMenus.buyerUserId, buyerUserId), since === undefined ? undefined : gt(savedMenus.version, since)))
    .orderBy(desc(savedMenus.createdAt))
    .all()
    .map((row) => ({
      ...toSavedMenu(row.saved),
      menu: {
        name: row.menu.name,
        description: row.menu.description,
        publicLinkId: row.menu.publicLinkId,
        sellerBusinessName: row.sellerBusinessName,
        productCount: row.productCount ?? 0,
        updatedAt: row.menu.updatedAt.toISOString(),
      },
    }));
}

export async function findSavedMenu(db: Db, id: string): Promise<SavedMenu | null> {
  const row = db.select().from(savedMenus).where(eq(savedMenus.id, id)).get();
  return row ? toSavedMenu(row) : null;
}

export async function findSavedMenuOfBuyer(db: Db, buyerUserId: string, menuId: string): Promise<SavedMenu | null> {
  const row = db
    .select()
    .from(savedMenus)
    .where(and(eq(savedMenus.buyerUserId, buyerUserId), eq(savedMenus.menuId, menuId)))
    .get();
  return row ? toSavedMenu(row) : null;
}

export async function insertSavedMenu(
  db: Db,
  saved: { id: string; buyerUserId: string; menuId: string },
  version: number,
  now: Date,
): Promise<SavedMenu> {
  const row = db
    .insert(savedMenus)
    .values({ ...saved, tags: [], version, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toSavedMenu(row);
}

export async function deleteSavedMenu(db: Db, id: string): Promise<void> {
  db.delete(savedMenus).where(eq(savedMenus.id, id)).run();
}
