/** What visitors do with menus: counted views, visitors, product opens and the seller's events about them. */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SELLER_EVENT_KINDS } from '../../../sync/entities/insights';
import { users } from './accounts';
import { products } from './catalogue';
import { menus } from './menus';
import { oneOf } from './columns';

/**
 * One counted view of a public menu: an opening by anyone but its seller,
 * after the same visitor's repeat openings within the dedup window are
 * dropped. `visitorKey` is the signed-in user, the anonymous visitor cookie,
 * a keyed hash of address and user agent, or, for an address's new visitors
 * beyond its budget, a keyed hash of the address block; never the address.
 * Not synced: read on demand through the insights.
 */
export const menuViewEvents = sqliteTable(
  'menu_view_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('menu_view_events_menu_time').on(t.menuId, t.viewedAt),
    // The signed-in viewers of a menu without scanning its anonymous views.
    index('menu_view_events_menu_user')
      .on(t.menuId, t.userId, t.viewedAt)
      .where(sql`${t.userId} is not null`),
  ],
);

/** Counted views per menu and UTC day: what the chart and the totals read, however many raw views there are. */
export const menuViewDays = sqliteTable(
  'menu_view_days',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC. */
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.day] })],
);

/** How often a product was opened (its photos or lab results) on a menu, per UTC day: the insights' most opened products. */
export const menuProductOpenDays = sqliteTable(
  'menu_product_open_days',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC. */
    day: text('day').notNull(),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.productId, t.day] })],
);

/**
 * Each visitor of a menu once: when they first and last (counted) opened it
 * and how often. The last counted view drives the dedup window, and "seen
 * since" gives the unique visitors of a period from one index range.
 */
export const menuVisitors = sqliteTable(
  'menu_visitors',
  {
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstViewedAt: integer('first_viewed_at', { mode: 'timestamp_ms' }).notNull(),
    lastViewedAt: integer('last_viewed_at', { mode: 'timestamp_ms' }).notNull(),
    views: integer('views').notNull().default(0),
    /** A new anonymous visitor's address block, as a keyed hash: how many new visitors one address brought lately is counted by it. */
    addressKey: text('address_key'),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.visitorKey] }),
    index('menu_visitors_menu_last').on(t.menuId, t.lastViewedAt),
    index('menu_visitors_menu_address')
      .on(t.menuId, t.addressKey, t.firstViewedAt)
      .where(sql`${t.addressKey} is not null`),
  ],
);

/**
 * What happened to a seller's menus that the seller did not do: a buyer
 * opened one for the first time, or saved one. Their inbox lists these as
 * notifications and the dashboard as recent activity.
 */
export const sellerEvents = sqliteTable(
  'seller_events',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SELLER_EVENT_KINDS }).notNull(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('seller_events_seller_time').on(t.sellerId, t.createdAt), check('seller_events_kind_check', oneOf(t.kind))],
);
