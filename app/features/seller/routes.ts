/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';
import { SellerDashboardAlias } from './seller-dashboard-alias';

export const ROUTES: FeatureRoute[] = [
  {
    path: '/seller/dashboard',
    roles: ['seller'],
    load: async () => (await import('./seller-dashboard-page')).SellerDashboardPage,
    nav: { role: 'seller', label: 'Dashboard', position: 0 },
  },
  { path: '/seller-dashboard', roles: 'anyone', Page: SellerDashboardAlias },
];
