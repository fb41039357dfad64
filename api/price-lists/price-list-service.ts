/** A seller team's price lists: every write goes through here, from REST routes and sync alike. Owners and managers write them; every member reads them. */
import type { priceListSaveSchema } from '../../sync/entities/price-list';
import { type PriceList, type PriceListEntry } from '../../sync/entities/price-list';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { can, REP_PRICE_LIST_MESSAGE } from '../../sync/rules/team-permissions';
import type { z } from 'zod';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import type { Member, Services } from '../context';
import type { Db, Tx } from '../db/database';
import { touchSavedCopiesPricedBy } from '../db/repositories/buyer-prices';
import { dropPriceListFromCustomers } from '../db/repositories/customers';
import { dropPriceListFromMenus } from '../db/repositories/menus';
import { deletePriceList as deletePriceListRow, findPriceList, insertPriceList, listPriceListsByOwner, replacePriceList } from '../db/repositories/price-lists';
import { findProductsByIds } from '../db/repositories/products';

export const PRICE_LIST_NOT_FOUND = 'Price list not found';

/** How a save meets an existing list: POST makes a new one, PUT replaces one, a device's `priceList.save` does either. */
export type SaveMode = 'create' | 'replace' | 'upsert';

export function listPriceLists(services: Services, seller: User): Promise<PriceList[]> {
  return listPriceListsByOwner(services.db.read, seller.id);
}

/** The list, when it is the team's; anyone else's is "not found", so ids reveal nothing. */
export async function ownedPriceList(db: Db, seller: User, id: string): Promise<PriceList> {
  const list = await findPriceList(db, id);
  if (!list || list.userId !== seller.id) throw new AppError('not_found', PRICE_LIST_NOT_FOUND);
  return list;
}

function assertManages(by: Member): void {
  if (!can(by.role, 'priceLists.manage')) throw new AppError('forbidden', REP_PRICE_LIST_MESSAGE);
}

/**
 * A list names only the team's own products. A product deleted since the grid was loaded falls off the list rather
 * than refusing the whole save; another team's product is refused.
 */
async function ownEntries(db: Db, seller: User, entries: PriceListEntry[]): Promise<PriceListEntry[]> {
  const found = new Map(
    (
      await findProductsByIds(
        db,
        entries.map((entry) => entry.productId),
      )
    ).map((product) => [product.id, product.userId]),
  );
  const foreign = entries.findIndex((entry) => found.has(entry.productId) && found.get(entry.productId) !== seller.id);
  if (foreign >= 0) throw new AppError('validation', 'A price list can only list your own products', { [`entries.${foreign}.productId`]: 'Unknown product' });
  return entries.filter((entry) => found.has(entry.productId));
}

export async function savePriceList(services: Services, seller: User, input: z.output<typeof priceListSaveSchema>, by: Member, mode: SaveMode): Promise<PriceList> {
  assertManages(by);
  assertSellerMayWrite(seller, services.now());
  const { id, ...fields } = input;
  return services.db.transaction(async (tx) => {
    const existing = await findPriceList(tx.db, id);
    if (existing && (existing.userId !== seller.id || mode === 'create')) {
      throw existing.userId === seller.id ? new AppError('conflict', 'A price list with this id already exists') : new AppError('not_found', PRICE_LIST_NOT_FOUND);
    }
    if (!existing && mode === 'replace') throw new AppError('not_found', PRICE_LIST_NOT_FOUND);
    const saved = { ...fields, entries: await ownEntries(tx.db, seller, fields.entries) };
    const now = services.now();
    // A new list prices nobody until it is given to a customer or a menu; a changed one reprices the copies it prices.
    if (!existing) return insertPriceList(tx.db, { ...saved, id, userId: seller.id, createdBy: by.userId }, tx.version, now);
    await touchSavedCopiesPricedBy(tx, seller.id, id);
    return replacePriceList(tx.db, id, saved, by.userId, tx.version, now);
  });
}

/** The customers and menus priced by the list lose it, and change so every replica learns of it. */
export async function deletePriceList(services: Services, seller: User, id: string, by: Member): Promise<void> {
  assertManages(by);
  await services.db.transaction(async (tx: Tx) => {
    await ownedPriceList(tx.db, seller, id);
    await touchSavedCopiesPricedBy(tx, seller.id, id);
    await dropPriceListFromCustomers(tx.db, id, tx.version, services.now());
    await dropPriceListFromMenus(tx.db, id, tx.version, services.now());
    await deletePriceListRow(tx.db, id);
  });
}
