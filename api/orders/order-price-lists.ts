/**
 * The price lists that price an order: the customer's, and the one a menu's link prices by. Each is read through the
 * row that names it, in one query, so it can go out with the order's other reads instead of after them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { customers, menus, priceLists } from '../db/schema';

export type OrderPriceList = Pick<typeof priceLists.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'entries'>;

const LIST_FIELDS = { id: priceLists.id, startsAt: priceLists.startsAt, endsAt: priceLists.endsAt, entries: priceLists.entries };

/** The lists of the seller's customer entries among `customerIds` that have one, by customer id. */
export async function findCustomerPriceLists(db: Db, sellerId: string, customerIds: string[]): Promise<Map<string, OrderPriceList>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: customers.id, ...LIST_FIELDS })
    .from(customers)
    .innerJoin(priceLists, and(eq(priceLists.id, customers.priceListId), eq(priceLists.userId, sellerId)))
    .where(and(inArray(customers.id, [...new Set(customerIds)]), eq(customers.userId, sellerId)))
    .all();
  return new Map(rows.map(({ customerId, ...list }) => [customerId, list]));
}

/** The list the seller's menu `menuId` prices its link by, or null. */
export async function findMenuPriceList(db: Db, sellerId: string, menuId: string): Promise<OrderPriceList | null> {
  return (
    (await db
      .select(LIST_FIELDS)
      .from(menus)
      .innerJoin(priceLists, and(eq(priceLists.id, menus.priceListId), eq(priceLists.userId, sellerId)))
      .where(eq(menus.id, menuId))
      .get()) ?? null
  );
}

/** The seller's lists among `ids`, by id, in one query. */
export async function findPriceLists(db: Db, sellerId: string, ids: Array<string | null>): Promise<Map<string, OrderPriceList>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select(LIST_FIELDS)
    .from(priceLists)
    .where(and(inArray(priceLists.id, wanted), eq(priceLists.userId, sellerId)))
    .all();
  return new Map(rows.map((row) => [row.id, row]));
}
