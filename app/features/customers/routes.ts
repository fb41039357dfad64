/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/customers', roles: ['seller'], load: async () => (await import('./customers-page')).CustomersPage, nav: { role: 'seller', label: 'Customers', position: 4 } },
  { path: '/customers/:id', roles: ['seller'], load: async () => (await import('./customer-page')).CustomerPage },
];
