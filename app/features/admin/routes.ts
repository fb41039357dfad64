/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  {
    path: '/admin/dashboard',
    roles: ['admin'],
    load: async () => (await import('./admin-dashboard-page')).AdminDashboardPage,
    nav: { role: 'admin', label: 'Dashboard', position: 0 },
  },
];
