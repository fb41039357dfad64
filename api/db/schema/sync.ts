/** Sync bookkeeping: the change clock, tombstones of deleted rows, and each device's progress and refusals. */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** What a pull reports as deleted: written by triggers, so cascaded deletes leave one too. */
export const tombstones = sqliteTable(
  'tombstones',
  {
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId] }), index('tombstones_user_version').on(t.userId, t.version)],
);

/** The change clock: one row whose value every write transaction bumps once. */
export const syncClock = sqliteTable(
  'sync_clock',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull(),
    /** Tombstones at or below this version were pruned: a device whose cursor is older downloads everything again. */
    tombstonesPrunedThrough: integer('tombstones_pruned_through').notNull().default(0),
  },
  (t) => [check('sync_clock_single_row', sql`${t.id} = 1`)],
);

/** The change clock's value at each retention run, so tombstones can be pruned by age though they carry only a version. */
export const syncClockMarks = sqliteTable('sync_clock_marks', {
  at: integer('at', { mode: 'timestamp_ms' }).primaryKey(),
  version: integer('version').notNull(),
});

/** Per device (client id): whose it is and the last mutation sequence the server processed for it. */
export const syncClients = sqliteTable(
  'sync_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sync_clients_user').on(t.userId)],
);

/** Mutations the server refused, with the reason, so a device can show them. */
export const syncRefusals = sqliteTable(
  'sync_refusals',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.clientId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    reason: text('reason').notNull(),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.seq] })],
);
