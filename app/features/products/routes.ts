/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/products', roles: ['seller'], load: async () => (await import('./products-page')).ProductsPage, nav: { role: 'seller', label: 'Products', position: 1 } },
];
