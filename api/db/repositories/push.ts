/** Push subscriptions, the kinds each person turned off, the push outbox, the server's own keys, and the badge's count. */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { BadgeInquiry, BadgeOrder } from '../../../sync/rules/badge';
import type { TeamRole } from '../../../sync/entities/team';
import type { Db } from '../database';
import { seenByRep } from './inquiries';
import { customers, inquiries, orders, pushDaily, pushOptOuts, pushOutbox, pushSubscriptions, serverKeys, teamMembers, users } from '../schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NewPushOutboxRow = typeof pushOutbox.$inferInsert;
/** A due push with where it goes, and whose subscription it is. */
export type DuePush = typeof pushOutbox.$inferSelect & { endpoint: string; p256dh: string; auth: string; userId: string };

/**
 * One subscription per endpoint. Posted again by its owner, it takes the keys and sign-in posted. Posted by another
 * person with the keys it has (the same browser, signed in as them now), it becomes theirs and what waited for the
 * former owner is dropped; with other keys it is left as it is, and the answer is 'taken'.
 */
export async function savePushSubscription(db: Db, row: Omit<PushSubscriptionRow, 'lastSuccessAt' | 'failures'>): Promise<'saved' | 'taken'> {
  const existing = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.endpoint)).get();
  if (existing && existing.userId !== row.userId) {
    if (existing.p256dh !== row.p256dh || existing.auth !== row.auth) return 'taken';
    await db.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, existing.id)).run();
  }
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, sessionId: row.sessionId, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt, failures: 0 },
    })
    .run();
  return 'saved';
}

/** Keeps a person's `limit` newest subscriptions, so no one can make every event fan out to endless endpoints. */
export async function keepNewestPushSubscriptions(db: Db, userId: string, limit: number): Promise<void> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .all();
  const oldest = rows.slice(limit).map((row) => row.id);
  if (oldest.length === 0) return;
  await db.delete(pushOutbox).where(inArray(pushOutbox.subscriptionId, oldest)).run();
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest)).run();
}

/** Answers whether the person had that subscription. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .run();
  return result.changes > 0;
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();
}

export async function pushSubscriptionsOf(db: Db, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)).orderBy(asc(pushSubscriptions.createdAt)).all();
}

export async function pushDelivered(db: Db, subscriptionId: string, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now, failures: 0 }).where(eq(pushSubscriptions.id, subscriptionId)).run();
}

/** Answers how many deliveries to the subscription have now failed in a row. */
export async function pushFailed(db: Db, subscriptionId: string): Promise<number> {
  const row = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscriptionId))
    .returning({ failures: pushSubscriptions.failures })
    .get();
  return row?.failures ?? 0;
}

export async function pushOptedOutKinds(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ kind: pushOptOuts.kind }).from(pushOptOuts).where(eq(pushOptOuts.userId, userId)).all()).map((row) => row.kind);
}

/** Of these people, those who turned this kind off. */
export async function pushOptedOut(db: Db, userIds: string[], kind: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: pushOptOuts.userId })
    .from(pushOptOuts)
    .where(and(inArray(pushOptOuts.userId, userIds), eq(pushOptOuts.kind, kind)))
    .all();
  return new Set(rows.map((row) => row.userId));
}

export async function setPushOptOut(db: Db, userId: string, kind: string, off: boolean, now: Date): Promise<void> {
  if (off) await db.insert(pushOptOuts).values({ userId, kind, createdAt: now }).onConflictDoNothing().run();
  else
    await db
      .delete(pushOptOuts)
      .where(and(eq(pushOptOuts.userId, userId), eq(pushOptOuts.kind, kind)))
      .run();
}

/** Of these people, those whose accounts are enabled, by id, with the team they are on (if any) and their role there. */
export async function enabledPeopleWithTeams(db: Db, userIds: string[]): Promise<Map<string, { teamId: string; role: TeamRole } | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, teamId: teamMembers.teamId, role: teamMembers.role })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(and(inArray(users.id, userIds), isNull(users.disabledAt)))
    .all();
  return new Map(rows.map((row) => [row.id, row.teamId && row.role ? { teamId: row.teamId, role: row.role } : null]));
}

/** The people of a team (its founding account among them). */
export async function teamMembersWithRoles(db: Db, teamId: string): Promise<Array<{ userId: string; role: TeamRole }>> {
  return db.select({ userId: teamMembers.userId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.teamId, teamId)).all();
}

export async function insertPushOutboxRows(db: Db, rows: NewPushOutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(pushOutbox).values(rows).run();
}

/** Pushes due now and claimed by no sender (or by one whose claim ran out). */
export async function duePushes(db: Db, now: Date, limit: number): Promise<DuePush[]> {
  const rows = await db
    .select({ push: pushOutbox, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, userId: pushSubscriptions.userId })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(and(lte(pushOutbox.nextAttemptAt, now), or(isNull(pushOutbox.claimedUntil), lt(pushOutbox.claimedUntil, now))))
    .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.createdAt))
    .limit(limit)
    .all();
  return rows.map(({ push, ...target }) => ({ ...push, ...target }));
}

/** Claims a push for one sender until `until`; false when another sender claimed it first (or it is gone). */
export async function claimPush(db: Db, id: string, now: Date, until: Date): Promise<boolean> {
  const result = await db
    .update(pushOutbox)
    .set({ claimedUntil: until })
    .where(and(eq(pushOutbox.id, id), or(isNull(pushOutbox.claimedUntil), lt(pushOutbox.claimedUntil, now))))
    .run();
  return result.changes === 1;
}

export async function retryPushAt(db: Db, id: string, attempts: number, next: Date, lastError: string): Promise<void> {
  await db.update(pushOutbox).set({ attempts, nextAttemptAt: next, claimedUntil: null, lastError }).where(eq(pushOutbox.id, id)).run();
}

export async function deletePush(db: Db, id: string): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id)).run();
}

export async function readServerKey(db: Db, name: string): Promise<string | null> {
  return (await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name)).get())?.value ?? null;
}

/** Keeps the key unless one of that name is already kept (another process made it first). */
export async function keepServerKey(db: Db, name: string, value: string, now: Date): Promise<void> {
  await db.insert(serverKeys).values({ name, value, createdAt: now }).onConflictDoNothing().run();
}

/**
 * What the badge rule (`sync/rules/badge.ts`) needs of a team's orders and conversations that may wait on it; for a rep
 * (`repUserId`), only the orders and order requests of the customers assigned to them, as their device holds.
 */
export async function badgeItems(db: Db, teamId: string, repUserId: string | null = null): Promise<{ orders: BadgeOrder[]; inquiries: BadgeInquiry[] }> {
  const sellerSide = and(eq(orders.sellerId, teamId), eq(orders.status, 'submitted'));
  const waitingOrders = await db
    .select({ sellerTeamId: orders.sellerId, buyerTeamId: orders.buyerId, status: orders.status })
    .from(orders)
    .where(
      or(
        repUserId ? and(sellerSide, inArray(orders.customerId, db.select({ id: customers.id }).from(customers).where(eq(customers.repUserId, repUserId)))) : sellerSide,
        and(eq(orders.buyerId, teamId), eq(orders.status, 'awaiting_buyer')),
      ),
    )
    .all();
  const threads = await db
    .select({
      sellerId: inquiries.sellerId,
      buyerId: inquiries.buyerId,
      menuId: inquiries.menuId,
      menuName: inquiries.menuName,
      sellerReadAt: inquiries.sellerReadAt,
      buyerReadAt: inquiries.buyerReadAt,
      updatedAt: inquiries.updatedAt,
    })
    .from(inquiries)
    .where(and(or(eq(inquiries.sellerId, teamId), eq(inquiries.buyerId, teamId)), repUserId ? seenByRep(db, teamId, repUserId) : undefined))
    .all();
  return {
    orders: waitingOrders,
    // As the device holds them, so both compare the same instants.
    inquiries: threads.map((thread) => ({
      ...thread,
      sellerReadAt: thread.sellerReadAt?.toISOString() ?? null,
      buyerReadAt: thread.buyerReadAt?.toISOString() ?? null,
      updatedAt: thread.updatedAt.toISOString(),
    })),
  };
}

/** When a push of this kind was last queued for the person or team, or null. */
export async function lastPushedAt(db: Db, userId: string, kind: string): Promise<Date | null> {
  return (
    (
      await db
        .select({ queuedAt: pushDaily.queuedAt })
        .from(pushDaily)
        .where(and(eq(pushDaily.userId, userId), eq(pushDaily.kind, kind)))
        .get()
    )?.queuedAt ?? null
  );
}

export async function notePushed(db: Db, userId: string, kind: string, at: Date): Promise<void> {
  await db
    .insert(pushDaily)
    .values({ userId, kind, queuedAt: at })
    .onConflictDoUpdate({ target: [pushDaily.userId, pushDaily.kind], set: { queuedAt: at } })
    .run();
}
