/** Columns many tables share: when a row was made and changed, and its change-clock version. */
import { integer } from 'drizzle-orm/sqlite-core';

export const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
};
export const version = integer('version').notNull().default(0);
