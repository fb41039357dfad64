/** Columns many tables share: when a row was made and changed, and its change-clock version. */
import { sql, type SQL } from 'drizzle-orm';
import { integer, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

export const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
};
export const version = integer('version').notNull().default(0);

/**
 * A CHECK that a text column holds one of the values its `enum` names: the list is written once, where the column
 * takes it from sync/ (or the table's own constant), so the constraint cannot drift from it.
 */
export function oneOf(column: SQLiteColumn): SQL {
  if (!column.enumValues?.length) throw new Error(`${column.name} names no values to check`);
  return sql`${column} in (${sql.raw(column.enumValues.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}
