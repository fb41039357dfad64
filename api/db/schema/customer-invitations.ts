/** A seller's invitations to its customer book: emailed, or a link the seller sends itself (with a draft order to show). */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { customers } from './customers';
import { orders } from './orders';

/** Kept only as a SHA-256 of the token; accepting one links the entry to the accepting buyer's team, with consent. */
export const customerInvitations = sqliteTable(
  'customer_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The seller team. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address it was emailed to; null for a link the seller copied. */
    email: text('email'),
    /** The draft order the link shows, when the seller shared one. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    /** The buyer team that accepted it. */
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('customer_invitations_customer').on(t.customerId), index('customer_invitations_seller_created').on(t.sellerId, t.createdAt)],
);
