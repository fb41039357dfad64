/**
 * A saved menu must open with its photos on a trade-show floor with no
 * signal, and so must a seller's own menus shown from their device at the
 * booth: while online, fetch those cover photos once, so the service worker
 * keeps them (uploads are cached by their never-changing name).
 */
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { SavedMenuListItem } from '../../../sync/entities/saved-menu';
import type { User } from '../../../sync/entities/user';
import { isUploadedImageAddress } from '../../../sync/contract/fields';
import { fetchFromServer } from '../api-client';
import { isOnline } from '../connectivity';

const UPLOADS_CACHE = 'uploads';

/** The saved menus' cover addresses, sorted and joined: it changes only when the covers do. */
export function savedMenuCoverKey(savedMenus: Iterable<SavedMenuListItem>): string {
  const urls = new Set<string>();
  for (const saved of savedMenus) {
    for (const product of saved.snapshot?.products ?? []) {
      const cover = product.photos[0]?.url ?? product.photoUrl;
      if (cover?.startsWith('/uploads/')) urls.add(cover);
    }
  }
  return [...urls].sort().join('\n');
}

/** The seller's own menus' cover addresses (each product's cover, the brand's logo and cover image), sorted and joined. */
export function ownMenuCoverKey(seller: User | null, menus: Iterable<Menu>, products: ReadonlyMap<string, Product>): string {
  if (seller?.role !== 'seller') return '';
  const urls = new Set<string>();
  const add = (address: string | null | undefined) => {
    if (isUploadedImageAddress(address)) urls.add(address);
  };
  let anyMenu = false;
  for (const menu of menus) {
    anyMenu = true;
    for (const id of menu.productIds) add(products.get(id)?.photoUrl);
  }
  if (anyMenu) [seller.profileImageUrl, seller.menuCoverUrl].forEach(add);
  return [...urls].sort().join('\n');
}

export async function prefetchCovers(coverKey: string): Promise<void> {
  if (!coverKey || typeof caches === 'undefined' || !isOnline()) return;
  const cache = await caches.open(UPLOADS_CACHE);
  for (const url of coverKey.split('\n')) {
    if (await cache.match(url)) continue;
    // Through fetch, not cache.add: the service worker's own rule stores it, with its expiry.
    await fetchFromServer(url).catch(() => undefined);
  }
}
