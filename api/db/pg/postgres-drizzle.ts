/**
 * The repositories' query builder (drizzle's SQLite one, see `../database.ts`)
 * running on PostgreSQL. Drizzle's proxy driver hands each query's SQL and
 * values to a callback, which sends them to PostgreSQL: the SQL the builder
 * writes is standard but for its `?` placeholders, which become `$1, $2, …`.
 * Values come back as the SQLite tables hold them (the PostgreSQL schema has
 * the same storage types, see `migrations/0000_init.sql`): 64-bit integers
 * and sums as numbers, truth as 1 or 0.
 */
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import pg from 'pg';
import { AppError } from '../../../sync/contract/errors';
import { NUL_CHARACTER_MESSAGE } from '../../../sync/contract/validation';
import { BoundedMap } from '../../platform/limits/bounded-map';
import type { Db } from '../database';
import * as schema from '../schema';

/** Where a query runs: the pool, or the client of the transaction or snapshot it belongs to. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;

/** Counts and ids stay far below 2^53; parsing them as numbers keeps the domain's arithmetic as it is on SQLite. */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * The builder's SQLite text as PostgreSQL's: `?` placeholders as `$n`, in
 * order, skipping any inside quoted strings or names; and an upsert's
 * conflict target without its table (SQLite takes `"t"."c"`, PostgreSQL
 * only `"c"`). The builder writes the same text for the same query shape, so
 * the answers are kept.
 */
const postgresTexts = new BoundedMap<string, string>(2000);

export function toPostgresText(text: string): string {
  const kept = postgresTexts.get(text);
  if (kept !== undefined) return kept;
  const translated = toPositional(text).replace(/ on conflict \(([^)]*)\)/g, (_, target: string) => ` on conflict (${target.replace(/"[^"]+"\./g, '')})`);
  postgresTexts.set(text, translated);
  return translated;
}

function toPositional(text: string): string {
  let result = '';
  let quote: string | null = null;
  let index = 0;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      result += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      result += char;
    } else if (char === '?') {
      result += `$${++index}`;
    } else {
      result += char;
    }
  }
  return result;
}

/**
 * The builder maps dates and flags of its columns itself; a bare flag in a
 * hand-written fragment is stored as SQLite would, 1 or 0. PostgreSQL's text
 * cannot hold a NUL character, which SQLite's can: input holding one is
 * refused on both engines where it is read (`sync/contract/validation.ts`), and text
 * that came in another way is refused here as the request's fault, never a
 * server error.
 */
function toParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.includes('\u0000')) throw new AppError('validation', NUL_CHARACTER_MESSAGE);
  return value === undefined ? null : value;
}

type Method = 'run' | 'all' | 'values' | 'get';

/**
 * The builder reads a selection's columns by position, but a hand-written
 * query's rows by name (`db.all<{ id: string }>(sql`…`)`): it asks for the
 * latter with no selection, so two sessions answer, one with rows as arrays
 * and one with rows as objects.
 */
export function postgresDrizzle(clientFor: () => Promise<Queryable>): Db {
  const send = (rowMode: 'array' | undefined) => async (text: string, params: unknown[], method: Method) => {
    const client = await clientFor();
    const result = await client.query({ text: toPostgresText(text), values: params.map(toParameter), ...(rowMode && { rowMode }) });
    if (method === 'get') return { rows: result.rows[0] };
    if (method === 'run') return { rows: [], changes: result.rowCount ?? 0 };
    return { rows: result.rows };
  };
  const db = drizzle(send('array'), { schema });
  const byName = drizzle(send(undefined), { schema });
  type Session = { prepareQuery: (query: unknown, fields: unknown, ...rest: unknown[]) => unknown };
  const arraySession = (db as unknown as { session: Session }).session;
  const nameSession = (byName as unknown as { session: Session }).session;
  const prepareByPosition = arraySession.prepareQuery.bind(arraySession);
  arraySession.prepareQuery = (query, fields, ...rest) => {
    const customResultMapper = rest[2];
    return fields || customResultMapper ? prepareByPosition(query, fields, ...rest) : nameSession.prepareQuery(query, fields, ...rest);
  };
  return db as unknown as Db;
}
