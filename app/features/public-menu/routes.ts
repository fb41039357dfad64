/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/menu/:publicLinkId', load: async () => (await import('./public-menu-page')).PublicMenuPage },
  { path: '/menu/:publicLinkId/print', load: async () => (await import('./print-menu-page')).PrintMenuPage },
];
