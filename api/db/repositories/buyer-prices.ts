/**
 * The price lists that price a buyer on a seller's menu: the seller's customer row for the buyer's team names one, and
 * the menu may be bound to one. Each comes with its version, so a priced answer kept for it is known stale when the
 * list changes. And the saved copies of those buyers, marked changed when their prices do.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PriceListEntry } from '../../../sync/entities/price-list';
import type { Db, Tx } from '../database';
import { customers, menus, priceLists, savedMenus } from '../schema';

export type VersionedPriceList = { id: string; version: number; startsAt: string | null; endsAt: string | null; entries: PriceListEntry[] };

const listColumns = { id: priceLists.id, version: priceLists.version, startsAt: priceLists.startsAt, endsAt: priceLists.endsAt, entries: priceLists.entries };

/** The list the seller team's customer book gives the buyer team, if the buyer is in the book with one. */
export async function customerPriceList(db: Db, sellerTeamId: string, buyerTeamId: string): Promise<VersionedPriceList | null> {
  const row = await db
    .select(listColumns)
    .from(customers)
    .innerJoin(priceLists, and(eq(priceLists.id, customers.priceListId), eq(priceLists.userId, customers.userId)))
    .where(and(eq(customers.userId, sellerTeamId), eq(customers.buyerTeamId, buyerTeamId)))
    .get();
  return row ?? null;
}

/** The list a menu is bound to (everyone who opens its link is priced by it), if any. */
export async function menuPriceList(db: Db, menuId: string): Promise<VersionedPriceList | null> {
  const row = await db
    .select(listColumns)
    .from(menus)
    .innerJoin(priceLists, and(eq(priceLists.id, menus.priceListId), eq(priceLists.userId, menus.userId)))
    .where(eq(menus.id, menuId))
    .get();
  return row ?? null;
}

/**
 * The buyers' saved copies of the seller team's menus count as changed in this transaction, so their next pull
 * carries the copies priced anew: after a price list, or the list a customer is given, changed. `'all'`: every buyer
 * who saved one of the team's menus (a list several customers have, or a menu's bound list).
 */
export async function touchSavedCopiesOfBuyers(tx: Tx, sellerTeamId: string, buyerTeamIds: readonly string[] | 'all'): Promise<void> {
  if (buyerTeamIds !== 'all' && buyerTeamIds.length === 0) return;
  const ofSeller = sql`${savedMenus.menuId} in (select ${menus.id} from ${menus} where ${menus.userId} = ${sellerTeamId})`;
  await tx.db
    .update(savedMenus)
    .set({ version: tx.version })
    .where(buyerTeamIds === 'all' ? ofSeller : and(ofSeller, inArray(savedMenus.buyerUserId, [...buyerTeamIds])))
    .run();
}
