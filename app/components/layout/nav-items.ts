import type { UserRole } from '../../../sync/constants';

export type NavItem = { to: string; label: string };

/** The top bar's menu per role; any role but seller and admin gets the buyer menu, as the spec says. */
export function navItemsFor(role: UserRole): NavItem[] {
  if (role === 'seller') {
    return [
      { to: '/seller/dashboard', label: 'Dashboard' },
      { to: '/products', label: 'Products' },
      { to: '/menus', label: 'Menus' },
      { to: '/seller/orders', label: 'Orders' },
      { to: '/customers', label: 'Customers' },
      { to: '/price-lists', label: 'Price lists' },
    ];
  }
  if (role === 'admin') {
    return [
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/profile', label: 'Profile' },
    ];
  }
  return [
    { to: '/buyer/dashboard', label: 'Dashboard' },
    { to: '/browse', label: 'Browse Menus' },
    { to: '/saved-menus', label: 'Saved Menus' },
    { to: '/orders', label: 'My Orders' },
  ];
}
