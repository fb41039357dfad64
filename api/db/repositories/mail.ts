/** The mail outbox, the notification opt-outs and the single-use account tokens. */
import { and, asc, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../database';
import { accountTokens, emailOptOuts, mailOutbox, users } from '../schema';
import type { MailLane } from '../schema/mail';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export async function insertOutboxRow(db: Db, row: NewOutboxRow): Promise<void> {
  await db.insert(mailOutbox).values(row).run();
}

/** The lane's messages due to be sent, the longest waiting first. */
export async function dueOutboxRows(db: Db, lane: MailLane, now: Date, limit: number): Promise<OutboxRow[]> {
  return await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.lane, lane), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

/**
 * Claims a due message for one sender by moving its next attempt to `until`: another sender sharing the database no
 * longer sees it due, and a sender that dies mid-send leaves it due again then. False when another claimed it first.
 */
export async function claimOutboxRow(db: Db, id: string, now: Date, until: Date): Promise<boolean> {
  const result = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: until })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .run();
  return result.changes === 1;
}

export async function updateOutboxRow(db: Db, id: string, changes: Partial<NewOutboxRow>): Promise<void> {
  await db.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id)).run();
}

export async function outboxRowsOf(db: Db, userId: string): Promise<OutboxRow[]> {
  return await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(asc(mailOutbox.createdAt)).all();
}

export async function optedOutKinds(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId)).all()).map((row) => row.kind);
}

/** The person a notification of `kind` goes to, in one query: null when they are gone, disabled or turned that kind off. */
export async function notificationRecipient(db: Db, userId: string, kind: string): Promise<{ id: string; email: string; firstName: string | null } | null> {
  const row = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, disabledAt: users.disabledAt, off: emailOptOuts.kind })
    .from(users)
    .leftJoin(emailOptOuts, and(eq(emailOptOuts.userId, users.id), eq(emailOptOuts.kind, kind)))
    .where(eq(users.id, userId))
    .get();
  if (!row || row.disabledAt !== null || row.off !== null) return null;
  return { id: row.id, email: row.email, firstName: row.firstName };
}

export async function setOptOut(db: Db, userId: string, kind: string, off: boolean, now: Date): Promise<void> {
  if (off) await db.insert(emailOptOuts).values({ userId, kind, createdAt: now }).onConflictDoNothing().run();
  else
    await db
      .delete(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)))
      .run();
}

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRow['purpose'];

export async function insertAccountToken(db: Db, row: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(row).run();
}

export async function findAccountToken(db: Db, tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | null> {
  return (
    (await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
      .get()) ?? null
  );
}

/** Marks the token used; false when it already was (another request got there first). */
export async function useAccountToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
    .run();
  return result.changes === 1;
}

/** When the user's newest link of this purpose was made, or null. */
export async function latestAccountTokenAt(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<Date | null> {
  return (
    (
      await db
        .select({ createdAt: accountTokens.createdAt })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
        .orderBy(desc(accountTokens.createdAt))
        .limit(1)
        .get()
    )?.createdAt ?? null
  );
}

/** Ends every unused link of these purposes: a new one replaces them, or the account changed under them. */
export async function retireAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose | readonly AccountTokenPurpose[], now: Date): Promise<void> {
  const purposes = typeof purpose === 'string' ? [purpose] : [...purpose];
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes), isNull(accountTokens.usedAt)))
    .run();
}

/** The user's newest link of this purpose that still works, or null. */
export async function liveAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRow | null> {
  return (
    (await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1)
      .get()) ?? null
  );
}

/** Whether a message of this kind was ever queued for the user (sent, waiting or given up). */
export async function mailKindSentTo(db: Db, userId: string, kind: string): Promise<boolean> {
  return (
    (await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
      .limit(1)
      .get()) !== undefined
  );
}

/** Sellers still on their trial (no subscription) whose trial ends after `from` and by `to`. */
export async function sellersWithTrialEndingBetween(db: Db, from: Date, to: Date): Promise<Array<{ id: string; trialEndsAt: Date }>> {
  return (
    await db
      .select({ id: users.id, trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(and(eq(users.role, 'seller'), eq(users.subscriptionStatus, 'trial'), isNull(users.disabledAt), gt(users.trialEndsAt, from), lte(users.trialEndsAt, to)))
      .all()
  ).filter((row): row is { id: string; trialEndsAt: Date } => row.trialEndsAt !== null);
}

/** When a message of this kind was last queued for the user, or null. */
export async function lastMailOfKind(db: Db, userId: string, kind: string): Promise<Date | null> {
  return (
    (
      await db
        .select({ createdAt: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1)
        .get()
    )?.createdAt ?? null
  );
}
