/** Maps the shared error reasons to HTTP statuses, and every failure to a JSON `{ message }` body. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from '../../../sync/contract/errors';
import { type ErrorBody, type ErrorReason } from '../../../sync/contract/errors';
import { isDatabaseBusy, isStorageFull, requestErrorIn, rootMessage } from '../../db/storage-errors';
import { RetryLaterError } from '../limits/rate-limited-error';

export const STORAGE_FULL_MESSAGE = 'The server is out of storage space, so this was not saved. Please try again later.';
export const DATABASE_BUSY_MESSAGE = 'The server is busy with another change, so this was not saved. Please try again in a moment.';
/** The lock was already waited for (WRITE_LOCK_WAIT_MS); a moment later it is usually free. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

export const STATUS_BY_REASON: Record<ErrorReason, ContentfulStatusCode> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  subscription_required: 402,
  unavailable: 503,
  payment_provider: 502,
  invalid_transition: 409,
  insufficient_stock: 409,
  overdue_balance: 409,
};

export function errorResponse(c: Context, error: AppError) {
  const body: ErrorBody = { message: error.message, reason: error.reason };
  if (error instanceof RetryLaterError) c.header('Retry-After', String(error.retryAfterSeconds));
  if (error.fieldErrors) body.errors = error.fieldErrors;
  if (error.lines) body.lines = error.lines;
  return c.json(body, STATUS_BY_REASON[error.reason]);
}

/**
 * The app's onError: known errors keep their status; a full disk (507) and a
 * write lock held elsewhere (503, Retry-After) say so, since nothing was
 * saved and the same request will do later; anything else is logged and
 * answered with a bare 500.
 */
export function handleError(error: Error, c: Context) {
  const requestError = requestErrorIn(error);
  if (requestError) return errorResponse(c, requestError);
  if (error instanceof HTTPException) {
    const reason: ErrorReason = error.status === 413 ? 'payload_too_large' : 'validation';
    return c.json({ message: error.message || 'Bad request', reason } satisfies ErrorBody, error.status);
  }
  if (isStorageFull(error)) {
    console.error('A write failed for want of storage space:', error);
    return c.json({ message: STORAGE_FULL_MESSAGE, reason: 'unavailable' } satisfies ErrorBody, 507);
  }
  if (isDatabaseBusy(error)) {
    console.warn(`A write gave up waiting for the database's write lock, held by another process: ${rootMessage(error)}`);
    c.header('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    return c.json({ message: DATABASE_BUSY_MESSAGE, reason: 'unavailable' } satisfies ErrorBody, 503);
  }
  console.error(error);
  return c.json({ message: 'Something went wrong on our side. Please try again.', reason: 'unavailable' }, 500);
}
