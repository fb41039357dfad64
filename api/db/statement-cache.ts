/**
 * Keeps the statements a connection prepares, by their SQL text, to use
 * again. The query builder prepares a statement for every query it runs, and
 * SQLite compiling the same text anew each time was the largest single cost
 * of the server under load (a tenth of its time with sellers syncing while
 * guests read menus). Bounded, since some texts vary (a list of n ids).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { BoundedMap } from '../platform/limits/bounded-map';

const CAPACITY = 500;

export function cacheStatements(connection: BetterSqlite3.Database, capacity = CAPACITY): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new BoundedMap<string, BetterSqlite3.Statement>(capacity);
  connection.prepare = ((source: string) => {
    const kept = statements.get(source);
    // The query builder switches some reads to rows as arrays and never back: each use starts from rows as objects.
    if (kept && !kept.busy) return kept.reader ? kept.raw(false) : kept;
    // None kept, or the one kept is still being iterated and cannot run again until it is done.
    const statement = prepare(source);
    statements.set(source, statement);
    return statement;
  }) as typeof connection.prepare;
}
