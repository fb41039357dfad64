/** A seller's menus: create, edit, delete; the public link id is made at first save. */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { menuCreateSchema, menuUpdateSchema } from '../../sync/entities/menu';
import { type Menu } from '../../sync/entities/menu';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { can, mayDelete, mayEditMenu, REP_DELETE_MESSAGE, REP_LINK_MESSAGE, REP_MENU_MESSAGE, REP_PRICE_LIST_MESSAGE } from '../../sync/rules/team-permissions';
import type { Member, Services } from '../context';
import type { Db, Tx } from '../db/database';
import {
  deleteMenu as deleteMenuRow,
  findMenu,
  findMenuByLink,
  insertMenu,
  listMenusByOwner,
  setMenuLink,
  setMenuProducts,
  updateMenu as updateMenuRow,
} from '../db/repositories/menus';
import { findPriceList } from '../db/repositories/price-lists';
import { findProductsByIds } from '../db/repositories/products';
import { assertSellerMayWrite } from '../billing/entitlement-gate';

export const MENU_NOT_FOUND = 'Menu not found';

export function listMenus(services: Services, seller: User): Promise<Menu[]> {
  return listMenusByOwner(services.db.read, seller.id);
}

export async function getMenu(services: Services, seller: User, id: string): Promise<Menu> {
  return ownedMenu(services.db.read, seller, id);
}

async function ownedMenu(db: Db, seller: User, id: string): Promise<Menu> {
  const menu = await findMenu(db, id);
  if (!menu || menu.userId !== seller.id) throw new AppError('not_found', MENU_NOT_FOUND);
  return menu;
}

/** A menu may list only the seller's own products. */
async function assertOwnProducts(tx: Tx, seller: User, productIds: string[]): Promise<void> {
  const found = await findProductsByIds(tx.db, productIds);
  if (found.length !== productIds.length || found.some((product) => product.userId !== seller.id)) {
    throw new AppError('validation', 'A menu can only list your own products', { productIds: 'Unknown product' });
  }
}

/**
 * The list a menu is priced by is chosen by owners and managers (a rep's menu keeps the list it has) and must be one
 * of the team's lists.
 */
async function assertPriceList(tx: Tx, seller: User, by: Member, priceListId: string | null | undefined, current: string | null): Promise<void> {
  if (priceListId === undefined || priceListId === current) return;
  if (!can(by.role, 'priceLists.manage')) throw new AppError('forbidden', REP_PRICE_LIST_MESSAGE);
  if (priceListId === null) return;
  const list = await findPriceList(tx.db, priceListId);
  if (!list || list.userId !== seller.id) throw new AppError('validation', 'Choose one of your price lists', { priceListId: 'Choose one of your price lists' });
}

export async function createMenu(services: Services, seller: User, input: z.output<typeof menuCreateSchema>, by: Member): Promise<Menu> {
  const { id, publicLinkId, productIds, ...fields } = input;
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const menuId = id ?? randomUUID();
    if (await findMenu(tx.db, menuId)) throw new AppError('conflict', 'A menu with this id already exists');
    const linkId = publicLinkId ?? randomUUID();
    if (await findMenuByLink(tx.db, linkId)) throw new AppError('conflict', 'A menu with this link already exists');
    await assertOwnProducts(tx, seller, productIds);
    await assertPriceList(tx, seller, by, fields.priceListId, null);
    await insertMenu(tx.db, { ...fields, id: menuId, userId: seller.id, publicLinkId: linkId, createdBy: by.userId }, tx.version, services.now());
    await setMenuProducts(tx.db, menuId, productIds);
    return ownedMenu(tx.db, seller, menuId);
  });
}

/** A rep changes only a menu they made. */
export async function updateMenu(services: Services, seller: User, id: string, input: z.output<typeof menuUpdateSchema>, by: Member): Promise<Menu> {
  const { productIds, ...fields } = input;
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const current = await ownedMenu(tx.db, seller, id);
    if (!mayEditMenu(by.role, by.userId, current.createdBy ?? null)) throw new AppError('forbidden', REP_MENU_MESSAGE);
    await assertPriceList(tx, seller, by, fields.priceListId, current.priceListId ?? null);
    if (productIds) {
      await assertOwnProducts(tx, seller, productIds);
      await setMenuProducts(tx.db, id, productIds);
    }
    await updateMenuRow(tx.db, id, fields, by.userId, tx.version, services.now());
    return ownedMenu(tx.db, seller, id);
  });
}

/**
 * A new public link for a menu shared too widely: the old link stops working
 * at once, for every buyer who had it, so only the menu's maker, an owner or a
 * manager may do it. The device makes the new id (so it can share it offline);
 * without one the server makes it. The menu's version moves, so replicas learn
 * of it.
 */
export async function regenerateMenuLink(services: Services, seller: User, id: string, publicLinkId: string | undefined, by: Member): Promise<Menu> {
  const linkId = publicLinkId ?? randomUUID();
  assertSellerMayWrite(seller, services.now());
  return services.db.transaction(async (tx) => {
    const menu = await ownedMenu(tx.db, seller, id);
    if (!mayEditMenu(by.role, by.userId, menu.createdBy ?? null)) throw new AppError('forbidden', REP_LINK_MESSAGE);
    if (await findMenuByLink(tx.db, linkId)) throw new AppError('conflict', 'A menu with this link already exists');
    await setMenuLink(tx.db, id, linkId, by.userId, tx.version, services.now());
    return ownedMenu(tx.db, seller, id);
  });
}

/** A rep may delete only a menu they made. */
export async function deleteMenu(services: Services, seller: User, id: string, by: Member): Promise<void> {
  await services.db.transaction(async (tx) => {
    const menu = await ownedMenu(tx.db, seller, id);
    if (!mayDelete(by.role, by.userId, menu.createdBy ?? null)) throw new AppError('forbidden', REP_DELETE_MESSAGE);
    await deleteMenuRow(tx.db, id);
  });
}
