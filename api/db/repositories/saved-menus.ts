/** A buyer's saved menus in SQLite. */
import { and, desc, eq } from 'drizzle-orm';
import type { SavedMenu } from '../../../sync/entities/saved-menu';
import type { Db } from '../database';
import { savedMenus } from '../schema';

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

export async function listSavedMenus(db: Db, buyerUserId: string): Promise<SavedMenu[]> {
  return db
    .select()
    .from(savedMenus)
    .where(eq(savedMenus.buyerUserId, buyerUserId))
    .orderBy(desc(savedMenus.createdAt))
    .all()
    .map(toSavedMenu);
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
