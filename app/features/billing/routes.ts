/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [{ path: '/billing', roles: ['seller'], load: async () => (await import('./billing-page')).BillingPage }];
