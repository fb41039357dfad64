/**
 * Failures of the storage under the server rather than of a request: the
 * disk is full, or another process holds the database's write lock. They are
 * told apart from bugs so that the client hears what happened and that
 * trying again later is right, so that the database waits for the lock, and
 * so that it can say it is not ready while the disk is full. The query
 * builder wraps SQLite's errors, so the whole chain is read.
 */
import BetterSqlite3 from 'better-sqlite3';

const FILE_SYSTEM_FULL = new Set(['ENOSPC', 'EDQUOT']);

function* chainOf(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current !== undefined && depth < 10; depth += 1) {
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

/** The message of the error at the bottom of a chain: SQLite's own, under the query builder's. */
export function rootMessage(error: unknown): string {
  let root = error;
  for (const link of chainOf(error)) root = link;
  return root instanceof Error ? root.message : String(root);
}

/** No room left: SQLite's SQLITE_FULL, or a file write's ENOSPC (or a quota's EDQUOT). */
export function isStorageFull(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link instanceof BetterSqlite3.SqliteError && link.code === 'SQLITE_FULL') return true;
    if (link instanceof Error && FILE_SYSTEM_FULL.has((link as NodeJS.ErrnoException).code ?? '')) return true;
  }
  return false;
}

/** SQLITE_BUSY: the write lock is with another connection. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link instanceof BetterSqlite3.SqliteError && link.code.startsWith('SQLITE_BUSY')) return true;
  }
  return false;
}
