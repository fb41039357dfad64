/**
 * What anyone with a menu's link may see: the menu, its products in order,
 * and the seller's brand; and the check every other use of a link goes
 * through (saving the menu, writing to its seller), so a dead link is dead
 * everywhere, before anything about its products is looked at.
 */
import { menuReachable, type Menu, type MenuAccess } from '../../sync/entities/menu';
import type { PublicMenu } from '../../sync/entities/public-menu';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { publicMenuOf } from '../../sync/rules/public-menu-view';
import { menuLinkIdOf } from '../../sync/rules/sample-menu';
import type { Services } from '../context';
import type { Db } from '../db/database';
import { findMenu, findMenuByLink } from '../db/repositories/menus';
import { ownPhotosByIds } from '../db/repositories/photos';
import { findProductsByIds } from '../db/repositories/products';
import { findUserById } from '../db/repositories/users';

export const MENU_NOT_FOUND_MESSAGE = "The menu you're looking for doesn't exist or may have been removed.";

export type LoadedPublicMenu = { publicMenu: PublicMenu; sellerId: string };

/** The menu and its seller when the buyer can reach it (see `menuReachable`); otherwise the menu API's own 404. */
export async function reachMenu(db: Db, now: Date, menuId: string | null, access: MenuAccess): Promise<{ menu: Menu; seller: User }> {
  const menu = menuId ? await findMenu(db, menuId) : null;
  const seller = menu ? await findUserById(db, menu.userId) : null;
  if (!menu || !seller || !menuReachable(menu, seller, access, now)) throw new AppError('not_found', MENU_NOT_FOUND_MESSAGE);
  return { menu, seller };
}

/** The public menu as its seller keeps it, at list prices, and whose it is (which the answer itself never shows). */
export async function loadPublicMenu(services: Services, publicLinkId: string): Promise<LoadedPublicMenu> {
  const db = services.db.read;
  const linkId = menuLinkIdOf(publicLinkId);
  const menu = await findMenuByLink(db, linkId);
  const seller = menu ? await findUserById(db, menu.userId) : null;
  if (!menu || !seller || !menuReachable(menu, seller, { link: linkId }, services.now())) throw new AppError('not_found', MENU_NOT_FOUND_MESSAGE);
  const byId = new Map((await findProductsByIds(db, menu.productIds)).map((product) => [product.id, product]));
  const fileIds = [...byId.values()].flatMap((product) => [...product.photoIds, ...(product.labResultId ? [product.labResultId] : [])]);
  const files = await ownPhotosByIds(db, seller.id, fileIds);
  return {
    sellerId: seller.id,
    publicMenu: publicMenuOf(
      menu,
      (id) => byId.get(id),
      seller,
      (photoId) => files.get(photoId)?.url ?? null,
    ),
  };
}
