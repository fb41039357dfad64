/** Password reset requests waiting to be answered. */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per request to POST /api/auth/forgot-password, for any address, with an account or not: the request writes
 * only this row, and the reset link (when there is an account) is made and mailed off the request
 * (api/auth/reset-requests.ts), so the answer takes the same work whoever asks. A row is deleted once answered.
 */
export const passwordResetRequests = sqliteTable(
  'password_reset_requests',
  {
    id: text('id').primaryKey(),
    /** The address as the request gave it, checked as an address but not looked up. */
    email: text('email').notNull(),
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('password_reset_requests_requested').on(t.requestedAt)],
);
