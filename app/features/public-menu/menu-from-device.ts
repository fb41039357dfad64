/**
 * Booth mode: a seller's own menu drawn from their device's replica, in the
 * shape the server gives the public page, so both draw the same view. The
 * same rule as the server decides whether the link opens at all (an expired
 * link or a disabled account shows Menu Not Found here too).
 */
import { menuReachable, type Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import type { User } from '../../../sync/entities/user';
import { publicMenuOf, type PhotoAddress } from '../../../sync/rules/public-menu-view';

export type DeviceReplica = { user: User | null; menus: ReadonlyMap<string, Menu>; products: ReadonlyMap<string, Product> };

/** Where the device shows a photo or lab result by its id: its own copy, or the served address. */
export type { PhotoAddress };

/** The signed-in seller's menu behind `publicLinkId`, when their replica holds it and its link is alive. */
export function ownMenuByLink(replica: DeviceReplica, publicLinkId: string, now: Date): Menu | null {
  const { user } = replica;
  if (!user || user.role !== 'seller') return null;
  for (const menu of replica.menus.values()) {
    if (menu.publicLinkId !== publicLinkId || menu.userId !== user.id) continue;
    return menuReachable(menu, user, { link: publicLinkId }, now) ? menu : null;
  }
  return null;
}

/** The public page's menu from the replica (products in the menu's order, photos as the device has them), or null when it is not theirs to show. */
export function menuFromDevice(replica: DeviceReplica, publicLinkId: string, photoAddress: PhotoAddress, now: Date): PublicMenu | null {
  const menu = ownMenuByLink(replica, publicLinkId, now);
  const seller = replica.user;
  if (!menu || !seller) return null;
  return publicMenuOf(
    menu,
    (id) => {
      const product = replica.products.get(id);
      return product?.userId === seller.id ? product : undefined;
    },
    seller,
    photoAddress,
  );
}

/** The photo ids a menu's products show (gallery and lab result), for the device to look up. */
export function photoIdsOf(menu: Menu, products: ReadonlyMap<string, Product>): string[] {
  return menu.productIds.flatMap((id) => {
    const product = products.get(id);
    if (!product) return [];
    return product.labResultId ? [...product.photoIds, product.labResultId] : product.photoIds;
  });
}
