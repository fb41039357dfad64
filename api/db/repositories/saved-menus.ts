/** A buyer's saved menus in SQLite. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { SavedMenu, SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { MenuFacts } from '../../../sync/rules/menu-diff';
import type { Db } from '../database';
import { menuItems, menus, products, savedMenus, users } from '../schema';
import { greatest } from '../sql-dialect';

type SavedMenuRow = typeof savedMenus.$inferSelect;

function toSavedMenu(row: SavedMenuRow): SavedMenu {
  return {
    id: row.id,
    buyerUserId: row.buyerUserId,
    menuId: row.menuId,
    notes: row.notes,
    tags: row.tags,
    isFavorite: row.isFavorite,
    lastSeenStamp: row.lastSeenStamp,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    seenMenu: row.seenMenu,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A saved menu with its menu's summary and stamp; the snapshot is attached by
 * the domain, which also decides access from the link it was saved with.
 */
export type SavedMenuRowWithMenu = Omit<SavedMenuListItem, 'snapshot'> & {
  /** What decides whether the buyer still reaches the menu (see `menuReachable`); null once its seller closed their account. */
  reach: { savedLinkId: string | null; isPublic: boolean; publicLinkId: string; linkExpiresAt: string | null; sellerDisabled: boolean } | null;
};

/**
 * The buyer's saved menus with their menus' summaries and stamps, or only
 * those where the saved entry or the menu (itself, its products, its seller)
 * changed after change-clock value `since`.
 */
export async function listSavedMenus(db: Db, buyerUserId: string, since?: number): Promise<SavedMenuRowWithMenu[]> {
  const productCount = sql<number>`(select count(*) from ${menuItems} mi where mi.menu_id = ${menus.id})`;
  const stamp = stampOf(db);
  // Left joins: a copy whose seller closed their account outlives its menu.
  return (
    await db
      .select({ saved: savedMenus, menu: menus, sellerBusinessName: users.businessName, sellerDisabledAt: users.disabledAt, productCount, stamp })
      .from(savedMenus)
      .leftJoin(menus, eq(savedMenus.menuId, menus.id))
      .leftJoin(users, eq(menus.userId, users.id))
      .where(and(eq(savedMenus.buyerUserId, buyerUserId), since === undefined ? undefined : or(gt(savedMenus.version, since), sql`${stamp} > ${since}`)))
      .orderBy(desc(savedMenus.createdAt))
      .all()
  ).map(({ saved, menu, ...row }) => (menu ? withMenu(saved, menu, row) : withdrawn(saved)));
}

function withMenu(
  saved: SavedMenuRow,
  menu: typeof menus.$inferSelect,
  row: { sellerBusinessName: string | null; sellerDisabledAt: Date | null; productCount: number; stamp: number },
): SavedMenuRowWithMenu {
  return {
    ...toSavedMenu(saved),
    reach: {
      savedLinkId: saved.linkId,
      isPublic: menu.isPublic,
      publicLinkId: menu.publicLinkId,
      linkExpiresAt: menu.linkExpiresAt,
      sellerDisabled: row.sellerDisabledAt !== null,
    },
    stamp: row.stamp,
    menu: {
      name: menu.name,
      description: menu.description,
      publicLinkId: menu.publicLinkId,
      sellerId: menu.userId,
      sellerBusinessName: row.sellerBusinessName,
      productCount: row.productCount,
      updatedAt: menu.updatedAt.toISOString(),
    },
  };
}

/** A copy of a closed seller's menu: the names it kept, nothing live, and never "changed since". */
function withdrawn(saved: SavedMenuRow): SavedMenuRowWithMenu {
  return {
    ...toSavedMenu(saved),
    reach: null,
    stamp: saved.lastSeenStamp,
    menu: {
      name: saved.withdrawnMenuName ?? '',
      description: null,
      publicLinkId: '',
      sellerId: '',
      sellerBusinessName: saved.withdrawnSellerName,
      productCount: 0,
      updatedAt: (saved.withdrawnAt ?? saved.updatedAt).toISOString(),
    },
  };
}

/** A menu's stamp: the newest version among the menu, its seller and its products. */
function stampOf(db: Db) {
  const productsVersion = sql`coalesce((select max(p.version) from ${menuItems} mi join ${products} p on p.id = mi.product_id where mi.menu_id = ${menus.id}), 0)`;
  return sql<number>`${greatest(db, menus.version, users.version, productsVersion)}`;
}

export async function currentMenuStamp(db: Db, menuId: string): Promise<number> {
  return (
    (
      await db
        .select({ stamp: stampOf(db) })
        .from(menus)
        .innerJoin(users, eq(menus.userId, users.id))
        .where(eq(menus.id, menuId))
        .get()
    )?.stamp ?? 0
  );
}

export async function updateSavedMenu(
  db: Db,
  id: string,
  changes: Partial<Pick<SavedMenu, 'notes' | 'tags' | 'isFavorite' | 'lastSeenStamp'> & { seenMenu: MenuFacts }>,
  version: number,
  now: Date,
): Promise<void> {
  await db
    .update(savedMenus)
    .set({ ...changes, version, updatedAt: now })
    .where(eq(savedMenus.id, id))
    .run();
}

export async function findSavedMenu(db: Db, id: string): Promise<SavedMenu | null> {
  const row = await db.select().from(savedMenus).where(eq(savedMenus.id, id)).get();
  return row ? toSavedMenu(row) : null;
}

export async function findSavedMenuOfBuyer(db: Db, buyerUserId: string, menuId: string): Promise<SavedMenu | null> {
  const row = await db
    .select()
    .from(savedMenus)
    .where(and(eq(savedMenus.buyerUserId, buyerUserId), eq(savedMenus.menuId, menuId)))
    .get();
  return row ? toSavedMenu(row) : null;
}

export async function insertSavedMenu(
  db: Db,
  saved: { id: string; buyerUserId: string; menuId: string; lastSeenStamp: number; seenMenu: MenuFacts | null; linkId: string },
  version: number,
  now: Date,
): Promise<SavedMenu> {
  const row = await db
    .insert(savedMenus)
    .values({ ...saved, tags: [], version, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toSavedMenu(row);
}

export async function deleteSavedMenu(db: Db, id: string): Promise<void> {
  await db.delete(savedMenus).where(eq(savedMenus.id, id)).run();
}

export type DigestCandidate = {
  savedMenuId: string;
  buyerUserId: string;
  menuId: string;
  menuName: string;
  sellerName: string;
  stamp: number;
  publicLinkId: string;
  /** The menu as the buyer last looked at it, when known: what the digest compares with. */
  seenMenu: MenuFacts | null;
};

const buyerAccounts = alias(users, 'buyer_accounts');

/**
 * Saved menus that changed since the buyer last looked at them and since
 * their last digest, for buyers and sellers who are not disabled, and only
 * where the buyer still has access (a public menu, or the link they saved,
 * that has not expired at `now`).
 */
export async function savedMenusChangedForDigest(db: Db, now: Date): Promise<DigestCandidate[]> {
  const stamp = stampOf(db);
  return (
    await db
      .select({
        savedMenuId: savedMenus.id,
        buyerUserId: savedMenus.buyerUserId,
        menuId: menus.id,
        menuName: menus.name,
        publicLinkId: menus.publicLinkId,
        seenMenu: savedMenus.seenMenu,
        sellerBusiness: users.businessName,
        sellerFirst: users.firstName,
        stamp,
      })
      .from(savedMenus)
      .innerJoin(menus, eq(savedMenus.menuId, menus.id))
      .innerJoin(users, eq(menus.userId, users.id))
      .innerJoin(buyerAccounts, eq(savedMenus.buyerUserId, buyerAccounts.id))
      .where(
        and(
          isNull(users.disabledAt),
          isNull(buyerAccounts.disabledAt),
          or(eq(menus.isPublic, true), eq(savedMenus.linkId, menus.publicLinkId)),
          or(isNull(menus.linkExpiresAt), gt(menus.linkExpiresAt, now.toISOString())),
          sql`${stamp} > ${greatest(db, savedMenus.lastSeenStamp, savedMenus.digestedStamp)}`,
        ),
      )
      .orderBy(savedMenus.buyerUserId, desc(savedMenus.createdAt))
      .all()
  ).map(({ sellerBusiness, sellerFirst, ...row }) => ({ ...row, sellerName: sellerBusiness || sellerFirst || 'A supplier' }));
}

/** The digest told the buyer of these menus as of `stamp`: the next one starts after. Not a change the device syncs. */
export async function markDigested(db: Db, entries: Array<{ savedMenuId: string; stamp: number }>): Promise<void> {
  for (const { savedMenuId, stamp } of entries) await db.update(savedMenus).set({ digestedStamp: stamp }).where(eq(savedMenus.id, savedMenuId)).run();
}
