/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/privacy-policy', load: async () => (await import('./privacy-policy-page')).PrivacyPolicyPage },
  { path: '/terms-conditions', load: async () => (await import('./terms-page')).TermsPage },
];
