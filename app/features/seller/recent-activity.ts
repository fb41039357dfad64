import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';

export type ActivityEntry = { key: string; text: string; at: string; href: string };

export const RECENT_ACTIVITY_SIZE = 5;

/** The seller's latest changes to products and menus, newest first: what they did, to what, and when. */
export function recentActivity(products: Product[], menus: Menu[], size = RECENT_ACTIVITY_SIZE): ActivityEntry[] {
  const entries: ActivityEntry[] = [
    ...products.map((product) => ({
      key: `product-${product.id}`,
      text: `${product.createdAt === product.updatedAt ? 'Added product' : 'Updated product'} ${product.strainName}`,
      at: product.updatedAt,
      href: '/products',
    })),
    ...menus.map((menu) => ({
      key: `menu-${menu.id}`,
      text: `${menu.createdAt === menu.updatedAt ? 'Created menu' : 'Updated menu'} ${menu.name}`,
      at: menu.updatedAt,
      href: `/menu-builder/${menu.id}`,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, size);
}
