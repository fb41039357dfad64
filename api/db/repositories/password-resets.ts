/** Password reset requests waiting to be answered (see api/db/schema/password-resets.ts). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { passwordResetRequests } from '../schema';

export type PasswordResetRequestRow = typeof passwordResetRequests.$inferSelect;

export async function insertPasswordResetRequest(db: Db, row: PasswordResetRequestRow): Promise<void> {
  await db.insert(passwordResetRequests).values(row).run();
}

/** The oldest requests first, at most `limit`. */
export async function waitingPasswordResetRequests(db: Db, limit: number): Promise<PasswordResetRequestRow[]> {
  return await db.select().from(passwordResetRequests).orderBy(asc(passwordResetRequests.requestedAt), asc(passwordResetRequests.id)).limit(limit).all();
}

/** Takes the request to answer it; false when another process took it first. */
export async function takePasswordResetRequest(db: Db, id: string): Promise<boolean> {
  const result = await db.delete(passwordResetRequests).where(eq(passwordResetRequests.id, id)).run();
  return result.changes === 1;
}
