/** What buyers did to a seller's menus (first opened, saved), and the seller's counts of the week, in SQLite. */
import { and, count, desc, eq, gte, inArray, isNull, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { partyName } from '../../../sync/entities/user';
import type { Db } from '../database';
import { inquiries, menus, sellerEvents, users } from '../schema';

/**
 * Whose menus' figures are counted: the team's (`sellerId`), and when `createdBy` is set only the menus that member
 * made (a rep sees their own insights).
 */
export type MenuScope = { sellerId: string; createdBy: string | null };

/** The condition keeping a menu id column to the scope's own menus, or nothing for the whole team. */
export function madeBy(db: Db, menuId: Column, scope: MenuScope): SQL | undefined {
  if (!scope.createdBy) return undefined;
  return inArray(
    menuId,
    db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.userId, scope.sellerId), eq(menus.createdBy, scope.createdBy))),
  );
}

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
export async function listSellerEvents(db: Db, scope: MenuScope, limit: number): Promise<SellerEventRow[]> {
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
      .where(and(eq(sellerEvents.sellerId, scope.sellerId), scope.createdBy ? eq(menus.createdBy, scope.createdBy) : undefined))
      .orderBy(desc(sellerEvents.createdAt), desc(sellerEvents.id))
      .limit(limit)
      .all()
  ).map(({ companyName, businessName, firstName, lastName, ...row }) => ({
    ...row,
    buyerName: partyName({ companyName, businessName, firstName, lastName }, 'A buyer'),
  }));
}

/** Marks the given events (of this seller's scope only) read. */
export async function markSellerEventsRead(db: Db, scope: MenuScope, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(sellerEvents)
    .set({ readAt: at })
    .where(and(eq(sellerEvents.sellerId, scope.sellerId), inArray(sellerEvents.id, ids), isNull(sellerEvents.readAt), madeBy(db, sellerEvents.menuId, scope)))
    .run();
}

export async function countSellerEventsSince(db: Db, scope: MenuScope, kind: SellerEventKind, since: Date): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(sellerEvents)
        .where(and(eq(sellerEvents.sellerId, scope.sellerId), eq(sellerEvents.kind, kind), gte(sellerEvents.createdAt, since), madeBy(db, sellerEvents.menuId, scope)))
        .get()
    )?.n ?? 0
  );
}

/** Messages and order requests the seller received since `since`. */
export async function countInquiriesSince(db: Db, scope: MenuScope, since: Date): Promise<{ inquiries: number; orderRequests: number }> {
  const rows = await db
    .select({ kind: inquiries.kind, n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.sellerId, scope.sellerId), gte(inquiries.createdAt, since), madeBy(db, inquiries.menuId, scope)))
    .groupBy(inquiries.kind)
    .all();
  return {
    inquiries: rows.find((row) => row.kind === 'message')?.n ?? 0,
    orderRequests: rows.find((row) => row.kind === 'order')?.n ?? 0,
  };
}
