/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/settings/metrc', roles: ['seller'], load: async () => (await import('./metrc-settings-page')).MetrcSettingsPage },
  { path: '/products/metrc', roles: ['seller'], load: async () => (await import('./metrc-import-page')).MetrcImportPage },
];
