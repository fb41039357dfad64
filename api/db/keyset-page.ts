/**
 * Reading a table newest change first, a page at a time, by its change-clock version and id. A page resumes below the
 * last row of the one before, so a row changed meanwhile (its version now above every page's) is not sent twice and
 * comes with the next pull after the paged one (api/sync/whole-pull-pages.ts).
 */
import { and, desc, eq, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** Where a page stopped: the version and id of its last row. */
export type KeysetPosition = { version: number; id: string };

/** Up to `limit` rows below `below` (from the newest when null). */
export type PageRequest = { below: KeysetPosition | null; limit: number };

/** A page's rows; `last` is where the next page starts, null when this one was the last. */
export type KeysetPage<T> = { rows: T[]; last: KeysetPosition | null };

/** The condition and order that read one page of a table by `version` and `id`. */
export function keysetOf(version: AnyColumn, id: AnyColumn, { below }: PageRequest): { where: SQL | undefined; orderBy: SQL[] } {
  const where = below ? or(lt(version, below.version), and(eq(version, below.version), lt(id, below.id))) : undefined;
  return { where, orderBy: [desc(version), desc(id)] };
}

/** The page of `rows` (read with `limit + 1`, so a full page knows whether another follows), each mapped with `map`. */
export function pageOf<Row extends { version: number; id: string }, T>(rows: Row[], { limit }: PageRequest, map: (row: Row) => T): KeysetPage<T> {
  const kept = rows.slice(0, limit);
  const end = kept[kept.length - 1];
  return { rows: kept.map(map), last: rows.length > limit && end ? { version: end.version, id: end.id } : null };
}
