/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

/** One page at both addresses: moving between them keeps what is on screen (a menu just created stays open). */
const builder = async () => (await import('./menu-builder-page')).MenuBuilderPage;

export const ROUTES: FeatureRoute[] = [
  { path: '/menus', roles: ['seller'], load: async () => (await import('./menus-page')).MenusPage, nav: { role: 'seller', label: 'Menus', position: 2 } },
  { path: '/menu-builder', roles: ['seller'], load: builder },
  { path: '/menu-builder/:id', roles: ['seller'], load: builder },
];
