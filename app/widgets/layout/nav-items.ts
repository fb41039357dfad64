import type { UserRole } from '../../../sync/contract/constants';

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

/** The space between two items of the menu, as its row's `gap-1` draws it. */
const GAP_PX = 4;

/** How many of the items, in order, fit in `available` px, leaving room for the 'More' button when not all do. */
export function itemsThatFit(itemWidths: number[], moreWidth: number, available: number): number {
  const all = itemWidths.reduce((sum, width) => sum + width, 0) + GAP_PX * Math.max(0, itemWidths.length - 1);
  if (all <= available) return itemWidths.length;
  let used = moreWidth;
  let count = 0;
  while (count < itemWidths.length && used + GAP_PX + itemWidths[count]! <= available) {
    used += GAP_PX + itemWidths[count]!;
    count += 1;
  }
  return count;
}
