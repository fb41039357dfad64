/**
 * The price lists that price a buyer on a seller's menu: the seller's customer row for the buyer's team names one, and
 * the menu may be bound to one. Each comes with its version, so a priced answer kept for it is known stale when the
 * list changes. And the saved copies of those buyers, marked changed when their prices do.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
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

const ofSeller = (sellerTeamId: string) => sql`${savedMenus.menuId} in (select ${menus.id} from ${menus} where ${menus.userId} = ${sellerTeamId})`;

/**
 * The buyers' saved copies of the seller team's menus count as changed in this transaction, so their next pull
 * carries the copies priced anew: after the list a customer is given changed.
 */
export async function touchSavedCopiesOfBuyers(tx: Tx, sellerTeamId: string, buyerTeamIds: readonly string[]): Promise<void> {
  if (buyerTeamIds.length === 0) return;
  await tx.db
    .update(savedMenus)
    .set({ version: tx.version })
    .where(and(ofSeller(sellerTeamId), inArray(savedMenus.buyerUserId, [...buyerTeamIds])))
    .run();
}

/**
 * The saved copies a change to the list reprices, marked changed in this transaction: those of the seller's menus
 * saved by a buyer whose customer entry names the list, and every copy of a menu bound to it. Anyone else's prices
 * do not move, so their copies are left as they are. Run it before the list is taken off its customers and menus.
 */
export async function touchSavedCopiesPricedBy(tx: Tx, sellerTeamId: string, priceListId: string): Promise<void> {
  const buyersOnList = tx.db
    .select({ id: customers.buyerTeamId })
    .from(customers)
    .where(and(eq(customers.userId, sellerTeamId), eq(customers.priceListId, priceListId), isNotNull(customers.buyerTeamId)));
  const boundMenus = tx.db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.userId, sellerTeamId), eq(menus.priceListId, priceListId)));
  await tx.db
    .update(savedMenus)
    .set({ version: tx.version })
    .where(or(and(ofSeller(sellerTeamId), inArray(savedMenus.buyerUserId, buyersOnList)), inArray(savedMenus.menuId, boundMenus)))
    .run();
}
