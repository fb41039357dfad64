import type { SellerEvent } from '../../../sync/entities/insights';
import type { Inquiry } from '../../../sync/entities/inquiry';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';

export type ActivityEntry = { key: string; text: string; at: string; href: string };

export const RECENT_ACTIVITY_SIZE = 5;

export type ActivitySources = {
  products: Product[];
  menus: Menu[];
  /** What buyers did to the seller's menus, as the server last told this device. */
  events?: SellerEvent[];
  /** The seller's conversations and order requests. */
  inquiries?: Inquiry[];
};

/**
 * The seller's latest activity, newest first: buyers opening and saving their
 * menus, messages and order requests that arrived, and the seller's own
 * changes to products and menus.
 */
export function recentActivity({ products, menus, events = [], inquiries = [] }: ActivitySources, size = RECENT_ACTIVITY_SIZE): ActivityEntry[] {
  const entries: ActivityEntry[] = [
    ...events.map((event) => ({
      key: `event-${event.id}`,
      text: `${event.buyerName} ${event.kind === 'menu_opened' ? 'opened' : 'saved'} ${event.menuName}`,
      at: event.createdAt,
      href: `/menus/${event.menuId}/insights`,
    })),
    ...inquiries.map((inquiry) => ({
      key: `inquiry-${inquiry.id}`,
      text: `${inquiry.kind === 'order' ? 'Order request' : 'Message'} from ${inquiry.buyerName} about ${inquiry.menuName}`,
      at: inquiry.createdAt,
      href: `/inbox?id=${inquiry.id}`,
    })),
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
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, size);
}
