/**
 * Browsing public-listing menus. Every query rides an index: the full-text
 * table `menu_search` for words, `menus_public_updated` for the newest-first
 * order and its keyset paging, `menu_items_product` for the category filter.
 */
import { sql } from 'drizzle-orm';
import type { ProductCategory } from '../../../sync/contract/constants';
import type { BrowseItem, BrowseSeller } from '../../../sync/entities/browse';
import { isUploadedImageAddress } from '../../../sync/contract/fields';
import type { Db } from '../database';
import { distinctCommaList, isPostgres } from '../sql-dialect';

export type BrowseFilter = {
  /** Each must match the start of a word of the menu's text ("gel" finds "Gelato"); letters and digits only. */
  words?: string[];
  category?: ProductCategory;
  sellerId?: string;
  after?: { updatedAt: number; id: string };
  limit: number;
  /** ISO, UTC: menus whose link expired by then are not listed. */
  now: string;
};

type BrowseRow = {
  menuId: string;
  publicLinkId: string;
  name: string;
  description: string | null;
  sellerId: string;
  sellerName: string | null;
  productCount: number;
  categories: string | null;
  coverUrl: string | null;
  updatedAt: number;
};

/** Every word as a prefix: SQLite's FTS5 table, or PostgreSQL's tsvector document under a GIN index. */
function searchMatch(db: Db, words: string[]) {
  if (isPostgres(db)) return sql`document @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
  return sql`menu_search match ${words.map((word) => `"${word}"*`).join(' ')}`;
}

export async function browseMenus(db: Db, filter: BrowseFilter): Promise<Array<BrowseItem & { updatedAtMs: number }>> {
  const conditions = [sql`m.is_public = 1`, sql`u.disabled_at is null`, sql`(m.link_expires_at is null or m.link_expires_at > ${filter.now})`];
  if (filter.words) conditions.push(sql`m.id in (select menu_id from menu_search where ${searchMatch(db, filter.words)})`);
  if (filter.sellerId) conditions.push(sql`m.user_id = ${filter.sellerId}`);
  if (filter.category) {
    conditions.push(sql`exists (select 1 from menu_items mi join products p on p.id = mi.product_id where mi.menu_id = m.id and p.category = ${filter.category})`);
  }
  if (filter.after) {
    // The first term bounds the index range of menus_public_updated; the second breaks ties by id.
    conditions.push(sql`m.updated_at <= ${filter.after.updatedAt}`);
    conditions.push(sql`(m.updated_at < ${filter.after.updatedAt} or m.id < ${filter.after.id})`);
  }
  const rows = await db.all<BrowseRow>(sql`
    select m.id as "menuId", m.public_link_id as "publicLinkId", m.name, m.description, m.user_id as "sellerId",
      u.business_name as "sellerName", m.updated_at as "updatedAt",
      (select count(*) from menu_items mi where mi.menu_id = m.id) as "productCount",
      (select ${distinctCommaList(db, sql`p.category`)} from menu_items mi join products p on p.id = mi.product_id where mi.menu_id = m.id) as categories,
      (select p.photo_url from menu_items mi join products p on p.id = mi.product_id
        where mi.menu_id = m.id and p.photo_url is not null order by mi.position limit 1) as "coverUrl"
    from menus m join users u on u.id = m.user_id
    where ${sql.join(conditions, sql` and `)}
    order by m.updated_at desc, m.id desc
    limit ${filter.limit}`);
  return rows.map((row) => ({
    menuId: row.menuId,
    publicLinkId: row.publicLinkId,
    name: row.name,
    description: row.description,
    sellerId: row.sellerId,
    sellerName: row.sellerName || 'Cannabis Supplier',
    productCount: row.productCount,
    categories: (row.categories?.split(',') ?? []) as ProductCategory[],
    // A row from before image addresses were kept to uploads may hold another site's: Browse shows none but the server's own.
    coverUrl: isUploadedImageAddress(row.coverUrl) ? row.coverUrl : null,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedAtMs: row.updatedAt,
  }));
}

/** Sellers with at least one public-listing menu, for the seller filter. */
export async function browseSellers(db: Db, now: string): Promise<BrowseSeller[]> {
  return await db.all<BrowseSeller>(sql`
    select u.id, coalesce(nullif(u.business_name, ''), 'Cannabis Supplier') as name, count(*) as "menuCount"
    from menus m join users u on u.id = m.user_id
    where m.is_public = 1 and u.disabled_at is null and (m.link_expires_at is null or m.link_expires_at > ${now})
    group by u.id order by name`);
}
