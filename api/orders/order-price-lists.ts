/** The price lists that price an order: the customer's, and the one a menu's link prices by. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { menus, priceLists } from '../db/schema';

export type OrderPriceList = Pick<typeof priceLists.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'entries'>;

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

/** The seller's lists among `ids`, by id, in one query. */
export async function findPriceLists(db: Db, sellerId: string, ids: Array<string | null>): Promise<Map<string, OrderPriceList>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: priceLists.id, startsAt: priceLists.startsAt, endsAt: priceLists.endsAt, entries: priceLists.entries })
    .from(priceLists)
    .where(and(inArray(priceLists.id, wanted), eq(priceLists.userId, sellerId)))
    .all();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The list a menu's link prices by. */
export async function menuPriceListId(db: Db, menuId: string): Promise<string | null> {
  return (await db.select({ id: menus.priceListId }).from(menus).where(eq(menus.id, menuId)).get())?.id ?? null;
}
