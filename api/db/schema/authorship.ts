/** The columns naming which member added a row and which last changed it; apart from `columns.ts`, which `users` itself uses. */
import { text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** Null only for a member whose account is gone. */
export const authorship = () => ({
  createdBy: text('created_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
});
