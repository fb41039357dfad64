/** Push notifications: browser subscriptions, opt-outs, the outbox, the server's own keys and daily limits. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sessions, users } from './accounts';

/** The urgencies Web Push lets a message carry (RFC 8030), which a push service uses to decide when to wake a device. */
export const PUSH_URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;

/** A browser's push subscription: one per endpoint, owned by the person who posted it (another takes it over only by posting its keys too). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in that subscribed: ending it (signing out, a password reset, an expiry) ends the subscription. */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSuccessAt: integer('last_success_at', { mode: 'timestamp_ms' }),
    /** Deliveries refused or failed since the last that reached it. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId), index('push_subscriptions_session').on(t.sessionId)],
);

/** The kinds of push a person turned off; every kind not listed here is on. */
export const pushOptOuts = sqliteTable(
  'push_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Pushes waiting to be delivered, one per subscription, written in the transaction of the change they tell of. A
 * sender claims a row until `claimedUntil` before sending, so processes sharing the database never send it twice;
 * a delivered or abandoned row is deleted.
 */
export const pushOutbox = sqliteTable(
  'push_outbox',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The JSON message (`pushMessageSchema`), encrypted only when sent. */
    payload: text('payload').notNull(),
    urgency: text('urgency', { enum: PUSH_URGENCIES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /** Whose business the push tells (see `NewsScope`): the subscription's person must still hear of it when it is sent. */
    teamId: text('team_id'),
    customerId: text('customer_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('push_outbox_due').on(t.nextAttemptAt), index('push_outbox_subscription').on(t.subscriptionId)],
);

/** Keys the server made for itself once (the VAPID pair when none is configured), by name. */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** When a push of an at-most-daily kind (the saved menus' digest) was last queued for a team (or a person). */
export const pushDaily = sqliteTable(
  'push_daily',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
