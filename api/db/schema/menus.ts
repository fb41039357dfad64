/** Menus: a seller's menus, the products on each, and the copies buyers save. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { MenuFacts } from '../../../sync/rules/menu-diff';
import { users } from './accounts';
import { authorship } from './authorship';
import { priceLists, products } from './catalogue';
import { timestamps, version } from './columns';

export const menus = sqliteTable(
  'menus',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    publicLinkId: text('public_link_id').notNull().unique(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** ISO date-time in UTC (so text order is time order); after it the link answers Menu Not Found. */
    linkExpiresAt: text('link_expires_at'),
    /** The price list everyone who opens this menu's link is priced by (a buyer's own list comes first). */
    priceListId: text('price_list_id').references((): AnySQLiteColumn => priceLists.id, { onDelete: 'set null' }),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    index('menus_user_version').on(t.userId, t.version),
    // Browse: newest first with the id as tie-break, over all sellers or one.
    index('menus_public_updated').on(t.isPublic, t.updatedAt, t.id),
    index('menus_seller_public_updated').on(t.userId, t.isPublic, t.updatedAt, t.id),
  ],
);

/** A menu's products, in the order the menu shows them. */
export const menuItems = sqliteTable(
  'menu_items',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.productId] }), index('menu_items_product').on(t.productId)],
);

export const savedMenus = sqliteTable(
  'saved_menus',
  {
    id: text('id').primaryKey(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: a copy outlives its menu when the seller closes their account (see `withdrawnAt`). */
    menuId: text('menu_id').notNull(),
    notes: text('notes'),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isFavorite: integer('is_favorite', { mode: 'boolean' }).notNull().default(false),
    /** The menu's snapshot stamp when the buyer last looked at it: a newer stamp means "changed since". */
    lastSeenStamp: integer('last_seen_stamp').notNull().default(0),
    /** The menu's facts (see `MenuFacts`) as the buyer last looked at them, to say what changed since on any device. */
    seenMenu: text('seen_menu', { mode: 'json' }).$type<MenuFacts>(),
    /** The menu's stamp when it was last in the buyer's daily digest email: only newer changes go in the next one. */
    digestedStamp: integer('digested_stamp').notNull().default(0),
    /** The link the buyer saved a private-link menu with: a new link (the seller regenerated it) ends their access. */
    linkId: text('link_id'),
    /** When the seller closed their account: the menu is gone and the copy keeps its name and the seller's as they were then. */
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    withdrawnMenuName: text('withdrawn_menu_name'),
    withdrawnSellerName: text('withdrawn_seller_name'),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_menus_buyer_menu').on(t.buyerUserId, t.menuId),
    index('saved_menus_buyer_version').on(t.buyerUserId, t.version),
    index('saved_menus_menu').on(t.menuId),
  ],
);
