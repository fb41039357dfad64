/**
 * The customer an order is for, and the price lists that price it. A buyer's first order from a seller puts them in
 * that seller's customer book, as saving one of the seller's menus does.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { User } from '../../sync/entities/user';
import { partyName } from '../../sync/entities/user';
import type { Db } from '../db/database';
import { customers, menus, priceLists } from '../db/schema';

export type OrderCustomer = typeof customers.$inferSelect;
export type OrderPriceList = Pick<typeof priceLists.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'entries'>;

export async function findCustomerOfSeller(db: Db, sellerId: string, customerId: string): Promise<OrderCustomer | null> {
  return (
    (await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.userId, sellerId)))
      .get()) ?? null
  );
}

/** The seller's customer row for the buyer's team, made (unassigned, cash on delivery) when the book has none. */
export async function customerForBuyer(db: Db, sellerId: string, buyer: User, version: number, now: Date): Promise<OrderCustomer> {
  const existing = await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, sellerId), eq(customers.buyerTeamId, buyer.id)))
    .get();
  if (existing) return existing;
  await db
    .insert(customers)
    .values({
      id: randomUUID(),
      userId: sellerId,
      name: partyName(buyer, buyer.email),
      email: buyer.email,
      buyerTeamId: buyer.id,
      licenseNumber: buyer.licenseNumber,
      version,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
  return (await db
    .select()
    .from(customers)
    .where(and(eq(customers.userId, sellerId), eq(customers.buyerTeamId, buyer.id)))
    .get())!;
}

export async function findPriceList(db: Db, sellerId: string, id: string | null): Promise<OrderPriceList | null> {
  if (id === null) return null;
  return (
    (await db
      .select({ id: priceLists.id, startsAt: priceLists.startsAt, endsAt: priceLists.endsAt, entries: priceLists.entries })
      .from(priceLists)
      .where(and(eq(priceLists.id, id), eq(priceLists.userId, sellerId)))
      .get()) ?? null
  );
}

/** The list a menu's link prices by. */
export async function menuPriceListId(db: Db, menuId: string): Promise<string | null> {
  return (await db.select({ id: menus.priceListId }).from(menus).where(eq(menus.id, menuId)).get())?.id ?? null;
}
