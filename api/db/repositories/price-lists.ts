/** A seller team's price lists, each kept whole with its entries as JSON (prices, percentages, quantities as the schema's decimal strings). */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { PriceList, PriceListEntry } from '../../../sync/entities/price-list';
import type { Db } from '../database';
import { priceLists } from '../schema';

type PriceListRow = typeof priceLists.$inferSelect;

export type PriceListFields = { name: string; startsAt: string | null; endsAt: string | null; entries: PriceListEntry[] };

function toPriceList(row: PriceListRow): PriceList {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    entries: row.entries,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPriceListsByOwner(db: Db, userId: string): Promise<PriceList[]> {
  return (await db.select().from(priceLists).where(eq(priceLists.userId, userId)).orderBy(asc(priceLists.name), asc(priceLists.id)).all()).map(toPriceList);
}

export async function findPriceList(db: Db, id: string): Promise<PriceList | null> {
  const row = await db.select().from(priceLists).where(eq(priceLists.id, id)).get();
  return row ? toPriceList(row) : null;
}

export async function insertPriceList(db: Db, list: PriceListFields & { id: string; userId: string; createdBy: string }, version: number, now: Date): Promise<PriceList> {
  const row = await db
    .insert(priceLists)
    .values({ ...list, updatedBy: list.createdBy, version, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toPriceList(row);
}

/** Replaces the list's name, dates and entries whole. */
export async function replacePriceList(db: Db, id: string, fields: PriceListFields, updatedBy: string, version: number, now: Date): Promise<PriceList> {
  const row = await db
    .update(priceLists)
    .set({ ...fields, updatedBy, version, updatedAt: now })
    .where(eq(priceLists.id, id))
    .returning()
    .get();
  return toPriceList(row);
}

export async function deletePriceList(db: Db, id: string): Promise<void> {
  await db.delete(priceLists).where(eq(priceLists.id, id)).run();
}

export async function listPriceListsChangedSince(db: Db, userId: string, cursor: number): Promise<PriceList[]> {
  return (
    await db
      .select()
      .from(priceLists)
      .where(and(eq(priceLists.userId, userId), gt(priceLists.version, cursor)))
      .orderBy(asc(priceLists.version))
      .all()
  ).map(toPriceList);
}
