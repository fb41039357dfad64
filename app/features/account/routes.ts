/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  { path: '/confirm-email', load: async () => (await import('./confirm-email-page')).ConfirmEmailPage },
  { path: '/profile/account', roles: ['admin', 'seller', 'buyer'], load: async () => (await import('./account-settings-page')).AccountSettingsPage },
];
