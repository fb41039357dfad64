/** A seller's invitations to its customer book, found by the SHA-256 of their token. */
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { customerInvitations } from '../schema';

export type CustomerInvitationRow = typeof customerInvitations.$inferSelect;

export async function insertCustomerInvitation(db: Db, invitation: Omit<CustomerInvitationRow, 'acceptedAt' | 'acceptedBy'>): Promise<void> {
  await db.insert(customerInvitations).values(invitation).run();
}

export async function findCustomerInvitation(db: Db, tokenHash: string): Promise<CustomerInvitationRow | null> {
  return (await db.select().from(customerInvitations).where(eq(customerInvitations.tokenHash, tokenHash)).get()) ?? null;
}

/** Marks it accepted by the buyer team; false when another request accepted it first. */
export async function acceptCustomerInvitation(db: Db, tokenHash: string, buyerTeamId: string, now: Date): Promise<boolean> {
  const row = await db
    .update(customerInvitations)
    .set({ acceptedAt: now, acceptedBy: buyerTeamId })
    .where(and(eq(customerInvitations.tokenHash, tokenHash), isNull(customerInvitations.acceptedAt)))
    .returning({ tokenHash: customerInvitations.tokenHash })
    .get();
  return row !== undefined;
}

/** How many emailed invitations the seller team sent since `since`: the cap on mail a book can send strangers. */
export async function countEmailedInvitationsSince(db: Db, sellerId: string, since: Date): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(customerInvitations)
    .where(and(eq(customerInvitations.sellerId, sellerId), gte(customerInvitations.createdAt, since), sql`${customerInvitations.email} is not null`))
    .get();
  return row?.n ?? 0;
}
