/** The payment provider's side of a seller in SQLite: their customer and subscriptions, and the events applied. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { billingEvents, billingSubscriptions, users } from '../schema';

export type BillingAccount = { customerId: string | null; subscriptionId: string | null };

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

export async function billingAccountOf(db: Db, userId: string): Promise<BillingAccount> {
  const row = await db.select({ customerId: users.stripeCustomerId, subscriptionId: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId)).get();
  return row ?? { customerId: null, subscriptionId: null };
}

export async function userIdOfCustomer(db: Db, customerId: string): Promise<string | null> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).get())?.id ?? null;
}

/** Records an event id; false when it was recorded before (a replay). */
export async function recordBillingEvent(db: Db, id: string, type: string, now: Date): Promise<boolean> {
  const inserted = await db.insert(billingEvents).values({ id, type, receivedAt: now }).onConflictDoNothing().returning({ id: billingEvents.id }).all();
  return inserted.length > 0;
}

export async function findBillingSubscription(db: Db, id: string): Promise<BillingSubscriptionRow | null> {
  return (await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).get()) ?? null;
}

export async function latestBillingSubscriptionOf(db: Db, userId: string): Promise<BillingSubscriptionRow | null> {
  return (await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).orderBy(desc(billingSubscriptions.lastEventAt)).get()) ?? null;
}

export async function saveBillingSubscription(db: Db, row: BillingSubscriptionRow): Promise<void> {
  const { id, ...changes } = row;
  await db.insert(billingSubscriptions).values(row).onConflictDoUpdate({ target: billingSubscriptions.id, set: changes }).run();
}

/** Keeps what the provider answered at creation, unless an event already told us more. */
export async function saveBillingSubscriptionIfNew(db: Db, row: BillingSubscriptionRow): Promise<void> {
  await db.insert(billingSubscriptions).values(row).onConflictDoNothing().run();
}
