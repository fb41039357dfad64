/** Inquiries: buyers' messages and order requests to sellers, and the conversation on each. */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { INQUIRY_KINDS, INQUIRY_STATUSES } from '../../../sync/entities/inquiry';
import { users } from './accounts';
import { products } from './catalogue';
import { timestamps, version, oneOf } from './columns';
import { menus } from './menus';

/**
 * A buyer's message to a seller about a menu (or one of its products), or an
 * order request built from a menu. Both parties see it; nobody else. Prices of
 * an order are copied in when it is sent, so later price changes do not touch it.
 */
export const inquiries = sqliteTable(
  'inquiries',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menuId: text('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    /** The menu's link when the buyer wrote: a private-link menu given a new link takes no more of their messages. */
    linkId: text('link_id'),
    menuName: text('menu_name').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: INQUIRY_KINDS }).notNull(),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull().default('open'),
    items: text('items', { mode: 'json' })
      .$type<Array<{ productId: string; strainName: string; unitType: string; quantity: string; pricePerUnit: string | null; lineTotal: string | null }>>()
      .notNull()
      .default(sql`'[]'`),
    totalCents: integer('total_cents'),
    /** When the buyer's device wrote it (see `acceptedWrittenAt`); null before it was kept: its `createdAt`. */
    writtenAt: integer('written_at', { mode: 'timestamp_ms' }),
    buyerReadAt: integer('buyer_read_at', { mode: 'timestamp_ms' }),
    sellerReadAt: integer('seller_read_at', { mode: 'timestamp_ms' }),
    version,
    ...timestamps,
  },
  (t) => [
    index('inquiries_buyer_version').on(t.buyerId, t.version),
    index('inquiries_seller_version').on(t.sellerId, t.version),
    check('inquiries_kind_check', oneOf(t.kind)),
    check('inquiries_status_check', oneOf(t.status)),
  ],
);

export const inquiryMessages = sqliteTable(
  'inquiry_messages',
  {
    id: text('id').primaryKey(),
    inquiryId: text('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team (the inquiry's buyer or seller) the author wrote for; `author_id` is the member. Null only before it was kept: the author was the team. */
    authorTeamId: text('author_team_id'),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the author's device wrote it (see `acceptedWrittenAt`); null before it was kept: its `createdAt`. */
    writtenAt: integer('written_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('inquiry_messages_inquiry').on(t.inquiryId, t.createdAt)],
);
