/** Ordering and category lists for the public menu, on exact decimals. */
import { PRODUCT_CATEGORIES, SORT_OPTIONS, type ProductCategory, type SortOption } from '../../../sync/constants';
import { parseScaled, PERCENT_RULE, PRICE_RULE, type DecimalRule } from '../../../sync/decimal';
import type { Product } from '../../../sync/entities/product';

export type SortableProduct = Pick<Product, 'strainName' | 'pricePerUnit' | 'thcPercentage'>;

/** The spec's four orders, and the seller's own order on the menu, which the page starts with. */
export type MenuSort = 'menu' | SortOption;
export const MENU_SORTS: readonly MenuSort[] = ['menu', ...SORT_OPTIONS];

function scaledOrNull(value: string | null, rule: DecimalRule): number | null {
  if (value === null) return null;
  const parsed = parseScaled(value, rule);
  return parsed.ok ? parsed.scaled : null;
}

/** Compares two optional numbers so that missing values sort last whatever the direction. */
function compareMissingLast(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

/** A sorted copy; products that compare equal keep their menu order. */
export function sortProducts<T extends SortableProduct>(products: readonly T[], sort: MenuSort): T[] {
  if (sort === 'menu') return [...products];
  const keyed = products.map((product) => ({
    product,
    price: scaledOrNull(product.pricePerUnit, PRICE_RULE),
    thc: scaledOrNull(product.thcPercentage, PERCENT_RULE),
  }));
  keyed.sort((a, b) => {
    switch (sort) {
      case 'price-low':
        return compareMissingLast(a.price, b.price, 1);
      case 'price-high':
        return compareMissingLast(a.price, b.price, -1);
      case 'thc':
        return compareMissingLast(a.thc, b.thc, -1);
      case 'name':
        return a.product.strainName.localeCompare(b.product.strainName, undefined, { sensitivity: 'accent' });
    }
  });
  return keyed.map((entry) => entry.product);
}

/** Which products a menu shows: one category or all of them. */
export type CategoryFilter = ProductCategory | 'all';
export type MenuViewChoice = { category: CategoryFilter; sort: MenuSort };
export const DEFAULT_MENU_VIEW: MenuViewChoice = { category: 'all', sort: 'menu' };

function isCategory(value: string | null): value is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly (string | null)[]).includes(value);
}

export function isMenuSort(value: string | null): value is MenuSort {
  return (MENU_SORTS as readonly (string | null)[]).includes(value);
}

/**
 * The filter and sort a page address asks for (`?category=flower&sort=thc`):
 * the filter form submits them without JavaScript, so a visitor's choice
 * works before the app has taken over the drawn page. Anything else reads as
 * the default.
 */
export function readMenuView(search: string): MenuViewChoice {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const sort = params.get('sort');
  return { category: isCategory(category) ? category : 'all', sort: isMenuSort(sort) ? sort : 'menu' };
}

/** The query that names a choice: empty for the default, so the plain link stays the menu's address. */
export function menuViewSearch(view: MenuViewChoice): string {
  const params = new URLSearchParams();
  if (view.category !== 'all') params.set('category', view.category);
  if (view.sort !== 'menu') params.set('sort', view.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The categories that occur among the products, in the catalogue's fixed order. */
export function categoriesPresent(products: readonly Pick<Product, 'category'>[]): ProductCategory[] {
  const present = new Set(products.map((product) => product.category));
  return PRODUCT_CATEGORIES.filter((category) => present.has(category));
}
