/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [{ path: '/reset-password', load: async () => (await import('./reset-password-page')).ResetPasswordPage }];
