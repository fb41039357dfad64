/** Billing: sellers' subscriptions as the payment provider reports them, and the provider events applied. */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * A seller's subscriptions as the payment provider last told us, one row per
 * provider subscription. `lastEventAt` is the creation time of the newest
 * event applied to it, so an older event arriving late never moves it back.
 */
export const billingSubscriptions = sqliteTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's own word: trialing, active, past_due, canceled, incomplete, unpaid, ... */
    status: text('status').notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    lastEventAt: integer('last_event_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('billing_subscriptions_user').on(t.userId)],
);

/** Every payment-provider event applied, by its id, so a replay changes nothing. */
export const billingEvents = sqliteTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});
