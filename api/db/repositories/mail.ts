/** The mail outbox, the notification opt-outs and the single-use account tokens. */
import { and, asc, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../database';
import { accountTokens, emailOptOuts, mailOutbox, users } from '../schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export function insertOutboxRow(db: Db, row: NewOutboxRow): void {
  db.insert(mailOutbox).values(row).run();
}

export function dueOutboxRows(db: Db, now: Date, limit: number): OutboxRow[] {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

export function updateOutboxRow(db: Db, id: string, changes: Partial<NewOutboxRow>): void {
  db.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id)).run();
}

export function outboxRowsOf(db: Db, userId: string): OutboxRow[] {
  return db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(asc(mailOutbox.createdAt)).all();
}

export function optedOutKinds(db: Db, userId: string): string[] {
  return db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId)).all().map((row) => row.kind);
}

export function setOptOut(db: Db, userId: string, kind: string, off: boolean, now: Date): void {
  if (off) db.insert(emailOptOuts).values({ userId, kind, createdAt: now }).onConflictDoNothing().run();
  else db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind))).run();
}

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRow['purpose'];

export function insertAccountToken(db: Db, row: typeof accountTokens.$inferInsert): void {
  db.insert(accountTokens).values(row).run();
}

export function findAccountToken(db: Db, tokenHash: string, purpose: AccountTokenPurpose): AccountTokenRow | null {
  return db.select().from(accountTokens).where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose))).get() ?? null;
}

/** Marks the token used; false when it already was (another request got there first). */
export function useAccountToken(db: Db, tokenHash: string, now: Date): boolean {
  const result = db.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt))).run();
  return result.changes === 1;
}

/** When the user's newest link of this purpose was made, or null. */
export function latestAccountTokenAt(db: Db, userId: string, purpose: AccountTokenPurpose): Date | null {
  return (
    db
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1)
      .get()?.createdAt ?? null
  );
}

/** Ends every unused link of this purpose: a new one replaces them. */
export function retireAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose, now: Date): void {
  db.update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .run();
}

/** Whether a message of this kind was ever queued for the user (sent, waiting or given up). */
export function mailKindSentTo(db: Db, userId: string, kind: string): boolean {
  return db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind))).limit(1).get() !== undefined;
}

/** Sellers still on their trial (no subscription) whose trial ends after `from` and by `to`. */
export function sellersWithTrialEndingBetween(db: Db, from: Date, to: Date): Array<{ id: string; trialEndsAt: Date }> {
  return db
    .select({ id: users.id, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.subscriptionStatus, 'trial'), isNull(users.disabledAt), gt(users.trialEndsAt, from), lte(users.trialEndsAt, to)))
    .all()
    .filter((row): row is { id: string; trialEndsAt: Date } => row.trialEndsAt !== null);
}

/** When a message of this kind was last queued for the user, or null. */
export function lastMailOfKind(db: Db, userId: string, kind: string): Date | null {
  return (
    db
      .select({ createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
      .get()?.createdAt ?? null
  );
}
