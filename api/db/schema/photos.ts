/** Uploaded files: product photos, profile photos and lab results. */
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PHOTO_PURPOSES } from '../../../sync/entities/photo';
import { users } from './accounts';
import { version, oneOf } from './columns';

/**
 * Uploaded files (product photos, profile photos, lab results), by ids made
 * on the device. The bytes live under DATA_DIR/uploads named by their SHA-256,
 * so the same file uploaded twice is stored once.
 */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose', { enum: PHOTO_PURPOSES }).notNull(),
    version,
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('photos_user_version').on(t.userId, t.version), index('photos_sha256').on(t.sha256), check('photos_purpose_check', oneOf(t.purpose))],
);
