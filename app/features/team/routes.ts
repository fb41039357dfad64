/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/join', load: async () => (await import('./join-page')).JoinPage },
  { path: '/team', roles: ['seller', 'buyer'], load: async () => (await import('./team-page')).TeamPage },
];
