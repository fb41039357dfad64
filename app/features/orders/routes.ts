/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

/** One page at both addresses: moving between them keeps what is on screen (a menu just created stays open). */
const ordersBoard = async () => (await import('./orders-page')).OrdersPage;

export const ROUTES: FeatureRoute[] = [
  { path: '/seller/orders', roles: ['seller'], load: ordersBoard, nav: { role: 'seller', label: 'Orders', position: 3 } },
  { path: '/orders', roles: ['buyer', 'seller'], load: ordersBoard, nav: { role: 'buyer', label: 'My Orders', position: 3 } },
  { path: '/orders/new', roles: ['seller'], load: async () => (await import('./new-order-page')).NewOrderPage },
  { path: '/orders/:id', roles: ['buyer', 'seller'], load: async () => (await import('./order-page')).OrderPage },
];
