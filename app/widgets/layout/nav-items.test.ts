import { describe, expect, it } from 'vitest';
import { itemsThatFit, navItemsFor } from './nav-items';

describe("the top bar's menu", () => {
  it('shows every item when they all fit, the gaps between them counted', () => {
    expect(itemsThatFit([100, 100, 100], 60, 308)).toBe(3);
    expect(itemsThatFit([100, 100, 100], 60, 307)).toBe(2);
  });

  it("keeps room for 'More' once not all fit, taking items in order", () => {
    // 60 for More, then 4 + 100 for each item shown: two fit in 270, not three.
    expect(itemsThatFit([100, 100, 100, 100], 60, 270)).toBe(2);
    expect(itemsThatFit([100, 100, 100, 100], 60, 267)).toBe(1);
  });

  it("folds every item under 'More' on a row with room for none", () => {
    expect(itemsThatFit([100, 100], 60, 120)).toBe(0);
  });

  it("gives a seller the spec's Dashboard, Products and Menus first, and a buyer the spec's Dashboard, Browse Menus and Saved Menus", () => {
    expect(navItemsFor('seller').slice(0, 3)).toEqual([
      { to: '/seller/dashboard', label: 'Dashboard' },
      { to: '/products', label: 'Products' },
      { to: '/menus', label: 'Menus' },
    ]);
    expect(navItemsFor('buyer').slice(0, 3)).toEqual([
      { to: '/buyer/dashboard', label: 'Dashboard' },
      { to: '/browse', label: 'Browse Menus' },
      { to: '/saved-menus', label: 'Saved Menus' },
    ]);
  });
});
