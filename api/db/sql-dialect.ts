/**
 * The few SQL forms where SQLite and PostgreSQL differ, written once for
 * both. A repository passes its `db`; the PostgreSQL layer marks its own.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './database';

const postgresDbs = new WeakSet<Db>();

export function markPostgres(db: Db): void {
  postgresDbs.add(db);
}

export function isPostgres(db: Db): boolean {
  return postgresDbs.has(db);
}

/**
 * The largest of the values: SQLite's many-argument max(), PostgreSQL's
 * greatest(). Give it no NULL: SQLite's answer is then NULL, PostgreSQL's
 * the largest of the others.
 */
export function greatest(db: Db, ...values: SQLWrapper[]): SQL {
  return sql`${sql.raw(isPostgres(db) ? 'greatest' : 'max')}(${sql.join(values, sql`, `)})`;
}

/** Whether a JSON array of strings, kept as text, holds `value`. */
export function jsonArrayHas(db: Db, array: SQLWrapper, value: SQLWrapper | string): SQL {
  return isPostgres(db)
    ? sql`exists (select 1 from json_array_elements_text(${array}::json) as element(value) where element.value = ${value})`
    : sql`exists (select 1 from json_each(${array}) where value = ${value})`;
}

/** `column LIKE pattern` with `\` escaping, ignoring the case of ASCII letters as SQLite's LIKE does. */
export function likeIgnoringCase(db: Db, column: SQLWrapper, pattern: string): SQL {
  return sql`${column} ${sql.raw(isPostgres(db) ? 'ILIKE' : 'LIKE')} ${pattern} ESCAPE '\\'`;
}

/** Whether an element of a JSON array of objects, kept as text, has `field` matching `pattern` (`likeIgnoringCase`'s pattern and case rule). */
export function jsonArrayFieldLike(db: Db, array: SQLWrapper, field: string, pattern: string): SQL {
  return isPostgres(db)
    ? sql`exists (select 1 from json_array_elements(${array}::json) as element(value) where element.value->>${field} ILIKE ${pattern} ESCAPE '\\')`
    : sql`exists (select 1 from json_each(${array}) where json_extract(value, ${`$.${field}`}) LIKE ${pattern} ESCAPE '\\')`;
}

/** The distinct values of a text column, joined by commas. */
export function distinctCommaList(db: Db, column: SQLWrapper): SQL {
  return isPostgres(db) ? sql`string_agg(distinct ${column}, ',')` : sql`group_concat(distinct ${column})`;
}
