/** Orders: wholesale orders and each seller team's order numbering. */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYMENT_TERMS } from '../../../sync/entities/customer';
import { ORDER_STATUSES, PAYMENT_STATUSES, RESUME_STATUSES, type OrderHistoryEntry, type OrderLine, type OrderPayment } from '../../../sync/entities/order';
import { users } from './accounts';
import { authorship } from './authorship';
import { timestamps, version, oneOf } from './columns';
import { inquiries } from './inquiries';
import { menus } from './menus';

/**
 * A wholesale order between a seller team and a buyer (see `orderSchema`). Lines, history and payments are kept whole
 * as JSON: they are read and written with the order, never on their own. Money in cents.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The seller team. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's team when the buyer has an account here. */
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seller's customer row; no foreign key, so an order outlives a customer taken out of the book. */
    customerId: text('customer_id').notNull(),
    menuId: text('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    /** The menu's link when the buyer ordered: a private-link menu given a new link takes no reorder of this order. */
    linkId: text('link_id'),
    /** The conversation of an order that began as an order request. */
    inquiryId: text('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    resumeStatus: text('resume_status', { enum: RESUME_STATUSES }),
    /** Whether its lines' quantities are out of stock: from acceptance until it is cancelled (an order request accepted before orders held none). */
    stockHeld: integer('stock_held', { mode: 'boolean' }).notNull().default(false),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('cod'),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    note: text('note').notNull().default(''),
    history: text('history', { mode: 'json' }).$type<OrderHistoryEntry[]>().notNull(),
    payments: text('payments', { mode: 'json' })
      .$type<OrderPayment[]>()
      .notNull()
      .default(sql`'[]'`),
    ...authorship(),
    version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_seller_number').on(t.sellerId, t.number),
    index('orders_seller_version').on(t.sellerId, t.version),
    index('orders_buyer_version').on(t.buyerId, t.version),
    // The order list's pages, newest first: the seller's (all or by status), the buyer's, and a rep's customers'.
    index('orders_seller_created').on(t.sellerId, t.createdAt, t.number),
    index('orders_seller_status_created').on(t.sellerId, t.status, t.createdAt, t.number),
    index('orders_buyer_created').on(t.buyerId, t.createdAt, t.number),
    index('orders_customer_created').on(t.customerId, t.createdAt, t.number),
    check('orders_status_check', oneOf(t.status)),
  ],
);

/** The last order number each seller team gave: taken with one UPDATE ... RETURNING in the order's transaction. */
export const orderCounters = sqliteTable('order_counters', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});
