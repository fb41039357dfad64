/** Email: the outbox of every message sent and the notification emails people turned off. */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { oneOf } from './columns';

/** Account mail (a reset, a confirmation, an invitation, a change of address) is sent in a lane of its own, apart from notifications. */
export const MAIL_LANES = ['account', 'notification'] as const;
export type MailLane = (typeof MAIL_LANES)[number];

/** Where a queued message stands: waiting (or retrying), sent, or given up on. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every email the server sends, written in the same transaction as the change
 * that causes it. A background sender per lane delivers its due rows,
 * retrying with back-off, so no backlog of notifications delays account
 * mail; a sent row stays as the record of what was sent.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: text('headers', { mode: 'json' })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    /** Whose business a notification tells (see `NewsScope`): its recipient must still hear of it when it is sent. Null for account mail. */
    teamId: text('team_id'),
    customerId: text('customer_id'),
    /** The order whose invoice the message carries, drawn as it is sent (no foreign key: a message outlives the order, and then goes without it). */
    invoiceOrderId: text('invoice_order_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lane: text('lane', { enum: MAIL_LANES }).notNull().default('notification'),
  },
  (t) => [
    index('mail_outbox_lane_due').on(t.status, t.lane, t.nextAttemptAt),
    index('mail_outbox_user_kind').on(t.userId, t.kind, t.createdAt),
    check('mail_outbox_status_check', oneOf(t.status)),
    check('mail_outbox_lane_check', oneOf(t.lane)),
  ],
);

/** The notification emails a person turned off; every kind not listed here is on. */
export const emailOptOuts = sqliteTable(
  'email_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
