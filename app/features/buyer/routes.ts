/** The screens of this feature (see app/lib/feature-route.ts). */
import type { FeatureRoute } from '../../lib/feature-route';

export const ROUTES: FeatureRoute[] = [
  {
    path: '/buyer/dashboard',
    roles: ['buyer'],
    load: async () => (await import('./buyer-dashboard-page')).BuyerDashboardPage,
    nav: { role: 'buyer', label: 'Dashboard', position: 0 },
  },
  { path: '/browse', roles: ['buyer'], load: async () => (await import('./browse-page')).BrowsePage, nav: { role: 'buyer', label: 'Browse Menus', position: 1 } },
  { path: '/saved-menus', roles: ['buyer'], load: async () => (await import('./saved-menus-page')).SavedMenusPage, nav: { role: 'buyer', label: 'Saved Menus', position: 2 } },
  { path: '/saved-menus/:id', roles: ['buyer'], load: async () => (await import('./saved-menu-page')).SavedMenuPage },
  { path: '/customer-invite', load: async () => (await import('./customer-invitation-page')).CustomerInvitationPage },
];
