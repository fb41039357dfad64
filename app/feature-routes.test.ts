import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, FEATURE_ROUTES, navItemsFor, screenLoadsFor } from './feature-routes';

const FEATURES = join(import.meta.dirname, 'features');

describe('the screens the features declare', () => {
  it('come from every feature that declares some: a routes.ts left out of the list fails here', () => {
    const declaring = readdirSync(FEATURES).filter((name) => existsSync(join(FEATURES, name, 'routes.ts')));
    expect(Object.keys(FEATURE_ROUTES).sort()).toEqual(declaring.sort());
  });

  it("keep for offline the code of every screen a role may open and of no other role's", () => {
    const loadOf = (path: string) => ALL_ROUTES.find((route) => route.path === path)!.load;
    const seller = screenLoadsFor('seller');
    expect(seller).toContain(loadOf('/seller/orders'));
    expect(seller).toContain(loadOf('/orders/:id'));
    expect(seller).toContain(loadOf('/products'));
    expect(seller).not.toContain(loadOf('/admin/dashboard'));
    expect(seller).not.toContain(loadOf('/browse'));
    expect(screenLoadsFor('admin')).toContain(loadOf('/admin/dashboard'));
    expect(screenLoadsFor('buyer')).toContain(loadOf('/browse'));
  });

  it('give each address to one screen', () => {
    const paths = ALL_ROUTES.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("give a seller the spec's Dashboard, Products and Menus first, and a buyer the spec's Dashboard, Browse Menus and Saved Menus", () => {
    expect(navItemsFor('seller')).toEqual([
      { to: '/seller/dashboard', label: 'Dashboard' },
      { to: '/products', label: 'Products' },
      { to: '/menus', label: 'Menus' },
      { to: '/seller/orders', label: 'Orders' },
      { to: '/customers', label: 'Customers' },
      { to: '/price-lists', label: 'Price lists' },
    ]);
    expect(navItemsFor('buyer')).toEqual([
      { to: '/buyer/dashboard', label: 'Dashboard' },
      { to: '/browse', label: 'Browse Menus' },
      { to: '/saved-menus', label: 'Saved Menus' },
      { to: '/orders', label: 'My Orders' },
    ]);
    expect(navItemsFor('admin')).toEqual([
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/profile', label: 'Profile' },
    ]);
  });

  it('put in the menu only screens its role may open', () => {
    for (const route of ALL_ROUTES) {
      if (route.nav) expect(route.roles, route.path).toContain(route.nav.role);
    }
  });
});
