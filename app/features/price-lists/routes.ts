/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/price-lists', roles: ['seller'], load: async () => (await import('./price-lists-page')).PriceListsPage, nav: { role: 'seller', label: 'Price lists', position: 5 } },
  { path: '/price-lists/:id', roles: ['seller'], load: async () => (await import('./price-list-page')).PriceListPage },
];
