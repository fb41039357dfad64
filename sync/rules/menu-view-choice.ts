/**
 * A public menu's filter and sort, as its address names them: the server
 * draws the page with them and the app reads them back when it takes over.
 */
import { PRODUCT_CATEGORIES, SORT_OPTIONS, type ProductCategory, type SortOption } from '../contract/constants';

/** The four orders a buyer can choose, and the seller's own order on the menu, which the page starts with. */
export type MenuSort = 'menu' | SortOption;
export const MENU_SORTS: readonly MenuSort[] = ['menu', ...SORT_OPTIONS];

/** Which products a menu shows: one category or all of them. */
export type CategoryFilter = ProductCategory | 'all';
export type MenuViewChoice = { category: CategoryFilter; sort: MenuSort };

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
