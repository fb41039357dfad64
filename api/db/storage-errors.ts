/**
 * Failures of the storage under the server rather than of a request: the
 * disk is full, or another process holds the database's write lock. They are
 * told apart from bugs so that the client hears what happened and that
 * trying again later is right, so that the database waits for the lock, and
 * so that it can say it is not ready while the disk is full. The query
 * builder wraps the engines' errors, so the whole chain is read. SQLite's
 * errors carry a name (SQLITE_FULL), PostgreSQL's a SQLSTATE (53100).
 */
import BetterSqlite3 from 'better-sqlite3';
import { AppError } from '../../sync/contract/errors';

const FILE_SYSTEM_FULL = new Set(['ENOSPC', 'EDQUOT']);

function* chainOf(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current !== undefined && depth < 10; depth += 1) {
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

/** The message of the error at the bottom of a chain: the engine's own, under the query builder's. */
export function rootMessage(error: unknown): string {
  let root = error;
  for (const link of chainOf(error)) root = link;
  return root instanceof Error ? root.message : String(root);
}

/** PostgreSQL's SQLSTATE of an error from its driver. */
function sqlState(error: unknown): string | undefined {
  const code = error instanceof Error && 'severity' in error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** No room left: SQLITE_FULL, PostgreSQL's disk_full, or a file write's ENOSPC (or a quota's EDQUOT). */
export function isStorageFull(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link instanceof BetterSqlite3.SqliteError && link.code === 'SQLITE_FULL') return true;
    if (sqlState(link) === '53100') return true;
    if (link instanceof Error && FILE_SYSTEM_FULL.has((link as NodeJS.ErrnoException).code ?? '')) return true;
  }
  return false;
}

/** The write lock is with another connection: SQLITE_BUSY, or PostgreSQL's lock_not_available after its lock timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link instanceof BetterSqlite3.SqliteError && link.code.startsWith('SQLITE_BUSY')) return true;
    if (sqlState(link) === '55P03') return true;
  }
  return false;
}

/** A constraint the database enforces: SQLITE_CONSTRAINT_*, or PostgreSQL's class 23 (integrity constraint violation). */
function isConstraintViolation(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (link instanceof BetterSqlite3.SqliteError && link.code.startsWith('SQLITE_CONSTRAINT')) return true;
    if (sqlState(link)?.startsWith('23')) return true;
  }
  return false;
}

/** The request's own error under the query builder's wrapping (input the database layer refused), if there is one. */
export function requestErrorIn(error: unknown): AppError | undefined {
  for (const link of chainOf(error)) {
    if (link instanceof AppError) return link;
  }
  return undefined;
}

/**
 * A constraint the database enforces (an id or a link already taken) is the
 * request's fault, not the server's: a conflict the caller can be told of,
 * and a sync push refuses that one mutation instead of failing the batch.
 * So is input the database layer refused.
 */
export function asRequestError(error: unknown): unknown {
  if (isConstraintViolation(error)) return new AppError('conflict', 'This change conflicts with data already on the server');
  return requestErrorIn(error) ?? error;
}
