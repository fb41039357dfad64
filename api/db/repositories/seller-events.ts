/** What buyers did to a seller's menus (first opened, saved), and the seller's counts of the week, in SQLite. */
import { and, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { partyName } from '../../../sync/entities/user';
import type { Db } from '../database';
import { inquiries, menus, sellerEvents, users } from '../schema';

export type SellerEventKind = (typeof sellerEvents.$inferSelect)['kind'];

export async function insertSellerEvent(db: Db, event: { id: string; sellerId: string; kind: SellerEventKind; menuId: string; buyerId: string; createdAt: Date }): Promise<void> {
  await db.insert(sellerEvents).values(event).run();
}

const buyers = alias(users, 'buyers');

export type SellerEventRow = {
  id: string;
  kind: SellerEventKind;
  menuId: string;
  menuName: string;
  buyerId: string;
  buyerName: string;
  createdAt: Date;
  readAt: Date | null;
};

/** The seller's newest events first. */
export async function listSellerEvents(db: Db, sellerId: string, limit: number): Promise<SellerEventRow[]> {
  return (
    await db
      .select({
        id: sellerEvents.id,
        kind: sellerEvents.kind,
        menuId: sellerEvents.menuId,
        menuName: menus.name,
        buyerId: sellerEvents.buyerId,
        companyName: buyers.companyName,
        businessName: buyers.businessName,
        firstName: buyers.firstName,
        lastName: buyers.lastName,
        createdAt: sellerEvents.createdAt,
        readAt: sellerEvents.readAt,
      })
      .from(sellerEvents)
      .innerJoin(menus, eq(menus.id, sellerEvents.menuId))
      .innerJoin(buyers, eq(buyers.id, sellerEvents.buyerId))
      .where(eq(sellerEvents.sellerId, sellerId))
      .orderBy(desc(sellerEvents.createdAt), desc(sellerEvents.id))
      .limit(limit)
      .all()
  ).map(({ companyName, businessName, firstName, lastName, ...row }) => ({
    ...row,
    buyerName: partyName({ companyName, businessName, firstName, lastName }, 'A buyer'),
  }));
}

/** Marks the given events (of this seller only) read. */
export async function markSellerEventsRead(db: Db, sellerId: string, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(sellerEvents)
    .set({ readAt: at })
    .where(and(eq(sellerEvents.sellerId, sellerId), inArray(sellerEvents.id, ids), isNull(sellerEvents.readAt)))
    .run();
}

export async function countSellerEventsSince(db: Db, sellerId: string, kind: SellerEventKind, since: Date): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(sellerEvents)
        .where(and(eq(sellerEvents.sellerId, sellerId), eq(sellerEvents.kind, kind), gte(sellerEvents.createdAt, since)))
        .get()
    )?.n ?? 0
  );
}

/** Messages and order requests the seller received since `since`. */
export async function countInquiriesSince(db: Db, sellerId: string, since: Date): Promise<{ inquiries: number; orderRequests: number }> {
  const rows = await db
    .select({ kind: inquiries.kind, n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.sellerId, sellerId), gte(inquiries.createdAt, since)))
    .groupBy(inquiries.kind)
    .all();
  return {
    inquiries: rows.find((row) => row.kind === 'message')?.n ?? 0,
    orderRequests: rows.find((row) => row.kind === 'order')?.n ?? 0,
  };
}
