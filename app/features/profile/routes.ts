/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/profile', roles: ['admin', 'seller', 'buyer'], load: async () => (await import('./profile-page')).ProfilePage, nav: { role: 'admin', label: 'Profile', position: 1 } },
];
