/**
 * The screens every feature declares (its `routes.ts`), composed into one list: the route table (routes.tsx) and the
 * top bar's menu are both drawn from it, so a screen is added in its feature alone.
 */
import type { UserRole } from '../sync/contract/constants';
import type { FeatureRoute } from './lib/feature-route';
import type { NavItem } from './widgets/layout/nav-items';
import { ROUTES as account } from './features/account/routes';
import { ROUTES as admin } from './features/admin/routes';
import { ROUTES as auth } from './features/auth/routes';
import { ROUTES as billing } from './features/billing/routes';
import { ROUTES as buyer } from './features/buyer/routes';
import { ROUTES as customers } from './features/customers/routes';
import { ROUTES as inbox } from './features/inbox/routes';
import { ROUTES as insights } from './features/insights/routes';
import { ROUTES as integrations } from './features/integrations/routes';
import { ROUTES as legal } from './features/legal/routes';
import { ROUTES as marketing } from './features/marketing/routes';
import { ROUTES as menus } from './features/menus/routes';
import { ROUTES as orders } from './features/orders/routes';
import { ROUTES as priceLists } from './features/price-lists/routes';
import { ROUTES as products } from './features/products/routes';
import { ROUTES as profile } from './features/profile/routes';
import { ROUTES as publicMenu } from './features/public-menu/routes';
import { ROUTES as seller } from './features/seller/routes';
import { ROUTES as subscribe } from './features/subscribe/routes';
import { ROUTES as team } from './features/team/routes';

/** Every feature with screens, by its folder's name (a test checks no folder with a `routes.ts` is left out). */
export const FEATURE_ROUTES: Record<string, FeatureRoute[]> = {
  account,
  admin,
  auth,
  billing,
  buyer,
  customers,
  inbox,
  insights,
  integrations,
  legal,
  marketing,
  menus,
  orders,
  'price-lists': priceLists,
  products,
  profile,
  'public-menu': publicMenu,
  seller,
  subscribe,
  team,
};

export const ALL_ROUTES = Object.values(FEATURE_ROUTES).flat();

/** The top bar's menu of a role, in the order its features place their items. */
export function navItemsFor(role: UserRole): NavItem[] {
  return ALL_ROUTES.flatMap((route) => (route.nav?.role === role ? [{ ...route.nav, to: route.path }] : []))
    .sort((a, b) => a.position - b.position)
    .map(({ to, label }) => ({ to, label }));
}

/** The code of every screen a person of this role may open, to keep on the device for offline (app/lib/screens-on-device.ts). */
export function screenLoadsFor(role: UserRole): (() => Promise<unknown>)[] {
  return ALL_ROUTES.flatMap((route) => (route.load && (route.roles === 'anyone' || route.roles?.includes(role)) ? [route.load] : []));
}
