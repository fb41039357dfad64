/** Menus and their ordered products in SQLite; a menu is handed out with its `productIds` in order. */
import { and, asc, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Menu } from '../../../sync/entities/menu';
import { chunks } from '../chunks';
import type { Db } from '../database';
import { menuItems, menus, priceLists, products, savedMenus, users } from '../schema';

type MenuRow = typeof menus.$inferSelect;
export type MenuFields = Pick<Menu, 'name' | 'description' | 'isPublic'> & Partial<Pick<Menu, 'linkExpiresAt' | 'priceListId'>>;

function toMenu(row: MenuRow, productIds: string[]): Menu {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    publicLinkId: row.publicLinkId,
    isPublic: row.isPublic,
    linkExpiresAt: row.linkExpiresAt,
    productIds,
    priceListId: row.priceListId,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withProductIds(db: Db, rows: MenuRow[]): Promise<Menu[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(menuItems)
    .where(
      inArray(
        menuItems.menuId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(menuItems.menuId), asc(menuItems.position))
    .all();
  const idsByMenu = new Map<string, string[]>();
  for (const item of items) {
    const ids = idsByMenu.get(item.menuId) ?? [];
    ids.push(item.productId);
    idsByMenu.set(item.menuId, ids);
  }
  return rows.map((row) => toMenu(row, idsByMenu.get(row.id) ?? []));
}

export async function listMenusByOwner(db: Db, userId: string): Promise<Menu[]> {
  return withProductIds(db, await db.select().from(menus).where(eq(menus.userId, userId)).orderBy(desc(menus.updatedAt)).all());
}

export async function findMenu(db: Db, id: string): Promise<Menu | null> {
  const row = await db.select().from(menus).where(eq(menus.id, id)).get();
  return row ? ((await withProductIds(db, [row]))[0] ?? null) : null;
}

export async function findMenuByLink(db: Db, publicLinkId: string): Promise<Menu | null> {
  const row = await db.select().from(menus).where(eq(menus.publicLinkId, publicLinkId)).get();
  return row ? ((await withProductIds(db, [row]))[0] ?? null) : null;
}

export async function insertMenu(db: Db, menu: MenuFields & { id: string; userId: string; publicLinkId: string; createdBy: string }, version: number, now: Date): Promise<void> {
  await db
    .insert(menus)
    .values({ ...menu, updatedBy: menu.createdBy, version, createdAt: now, updatedAt: now })
    .run();
}

/** `updatedBy`: the member who changed it. */
export async function updateMenu(db: Db, id: string, fields: Partial<MenuFields>, updatedBy: string, version: number, now: Date): Promise<void> {
  await db
    .update(menus)
    .set({ ...fields, updatedBy, version, updatedAt: now })
    .where(eq(menus.id, id))
    .run();
}

/** Gives the menu a new public link id; the old one stops resolving. */
export async function setMenuLink(db: Db, id: string, publicLinkId: string, updatedBy: string, version: number, now: Date): Promise<void> {
  await db.update(menus).set({ publicLinkId, updatedBy, version, updatedAt: now }).where(eq(menus.id, id)).run();
}

/** Replaces the menu's products with `productIds`, in that order. */
export async function setMenuProducts(db: Db, menuId: string, productIds: string[]): Promise<void> {
  await db.delete(menuItems).where(eq(menuItems.menuId, menuId)).run();
  if (productIds.length === 0) return;
  await db
    .insert(menuItems)
    .values(productIds.map((productId, position) => ({ menuId, productId, position })))
    .run();
}

/** Adds products at the ends of menus, in the order given (each after the one before it in the same menu). */
export async function appendMenuProducts(db: Db, items: { menuId: string; productId: string }[]): Promise<void> {
  if (items.length === 0) return;
  const next = new Map<string, number>();
  for (const menuIds of chunks([...new Set(items.map((item) => item.menuId))])) {
    const lasts = await db
      .select({ menuId: menuItems.menuId, position: max(menuItems.position) })
      .from(menuItems)
      .where(inArray(menuItems.menuId, menuIds))
      .groupBy(menuItems.menuId)
      .all();
    for (const last of lasts) next.set(last.menuId, (last.position ?? -1) + 1);
  }
  const rows = items.map(({ menuId, productId }) => {
    const position = next.get(menuId) ?? 0;
    next.set(menuId, position + 1);
    return { menuId, productId, position };
  });
  for (const chunk of chunks(rows)) await db.insert(menuItems).values(chunk).onConflictDoNothing().run();
}

export async function menuIdsContainingProduct(db: Db, productId: string): Promise<string[]> {
  return (await db.select({ menuId: menuItems.menuId }).from(menuItems).where(eq(menuItems.productId, productId)).all()).map((row) => row.menuId);
}

/** Marks menus as changed (their product list changed without an edit to the menu itself). */
export async function touchMenus(db: Db, ids: string[], version: number, now: Date): Promise<void> {
  for (const chunk of chunks(ids)) await db.update(menus).set({ version, updatedAt: now }).where(inArray(menus.id, chunk)).run();
}

/** Menus priced by a list about to go: they lose it, and change so replicas and caches learn of it. */
export async function dropPriceListFromMenus(db: Db, priceListId: string, version: number, now: Date): Promise<void> {
  await db.update(menus).set({ priceListId: null, version, updatedAt: now }).where(eq(menus.priceListId, priceListId)).run();
}

/** A menu the seller deletes takes buyers' saved copies with it (only a closed account's menus leave copies behind). */
export async function deleteMenu(db: Db, id: string): Promise<void> {
  await db.delete(savedMenus).where(eq(savedMenus.menuId, id)).run();
  await db.delete(menus).where(eq(menus.id, id)).run();
}

/** Those of `ids` that are the seller's menus, each with the member who made it (null when unknown). */
export async function menusOwnedBy(db: Db, userId: string, ids: string[]): Promise<Map<string, string | null>> {
  const owned = new Map<string, string | null>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .select({ id: menus.id, createdBy: menus.createdBy })
      .from(menus)
      .where(and(eq(menus.userId, userId), inArray(menus.id, chunk)))
      .all();
    for (const row of rows) owned.set(row.id, row.createdBy);
  }
  return owned;
}

/** The seller's menus changed after change-clock value `cursor`. */
export async function listMenusChangedSince(db: Db, userId: string, cursor: number): Promise<Menu[]> {
  return withProductIds(
    db,
    await db
      .select()
      .from(menus)
      .where(and(eq(menus.userId, userId), gt(menus.version, cursor)))
      .orderBy(asc(menus.version))
      .all(),
  );
}

/**
 * What a public menu's answer depends on, as one string: the menu's version,
 * its products' newest version, the seller's version and its bound price list's. Null when no menu has
 * that link or its seller is disabled.
 */
export async function publicMenuStamp(db: Db, publicLinkId: string): Promise<string | null> {
  const row = await db.get<{ menuVersion: number; sellerVersion: number; productsVersion: number | null; listVersion: number | null; disabledAt: number | null }>(sql`
    select m.version as "menuVersion", u.version as "sellerVersion", u.disabled_at as "disabledAt",
      (select max(p.version) from ${menuItems} mi join ${products} p on p.id = mi.product_id where mi.menu_id = m.id) as "productsVersion",
      (select pl.version from ${priceLists} pl where pl.id = m.price_list_id) as "listVersion"
    from ${menus} m join ${users} u on u.id = m.user_id
    where m.public_link_id = ${publicLinkId}`);
  if (!row || row.disabledAt !== null) return null;
  // The menu's bound list prices everyone who opens the link: a change to it (or its removal) is a change to the menu.
  return `${row.menuVersion}.${row.productsVersion ?? 0}.${row.sellerVersion}.${row.listVersion ?? '-'}`;
}

/** The team's menus for 'Download my data', each with its products in the order it shows them. */
export async function exportMenus(db: Db, teamId: string) {
  return Promise.all(
    (await db.select().from(menus).where(eq(menus.userId, teamId)).all()).map(async (menu) => ({
      ...menu,
      productIds: (await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id)).all()).sort((a, b) => a.position - b.position).map((item) => item.productId),
    })),
  );
}
