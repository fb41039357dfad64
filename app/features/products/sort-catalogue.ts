/**
 * Orders of the seller's catalogue. Prices, percentages and quantities are
 * compared as exact decimals (scaled integers), never as floats; a product
 * without the value sorted on (no price, no THC) goes last in either direction.
 */
import { parseScaled, PERCENT_RULE, PRICE_RULE, QUANTITY_RULE, type DecimalRule } from '../../../sync/rules/decimal';
import type { Product } from '../../../sync/entities/product';

export const CATALOGUE_SORTS = ['newest', 'name', 'price-low', 'price-high', 'thc', 'quantity'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const DEFAULT_CATALOGUE_SORT: CatalogueSort = 'newest';

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest first',
  name: 'Name (A–Z)',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  thc: 'THC: high to low',
  quantity: 'Quantity: high to low',
};

export function isCatalogueSort(value: unknown): value is CatalogueSort {
  return typeof value === 'string' && (CATALOGUE_SORTS as readonly string[]).includes(value);
}

export type SortableProduct = Pick<Product, 'id' | 'strainName' | 'pricePerUnit' | 'thcPercentage' | 'availableQuantity' | 'createdAt'>;

const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The decimal as a scaled integer, or null when absent or unreadable (such products go last). */
function scaledOf(value: string | null, rule: DecimalRule): number | null {
  if (value === null || value.trim() === '') return null;
  const parsed = parseScaled(value, rule);
  return parsed.ok ? parsed.scaled : null;
}

/** Absent values last whatever the direction; otherwise ascending or descending. */
function byDecimal(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a === b ? 0 : (a < b ? -1 : 1) * direction;
}

const newestFirst = (a: SortableProduct, b: SortableProduct) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1);

function primary(sort: CatalogueSort, a: SortableProduct, b: SortableProduct): number {
  switch (sort) {
    case 'name':
      return names.compare(a.strainName.trim(), b.strainName.trim());
    case 'price-low':
      return byDecimal(scaledOf(a.pricePerUnit, PRICE_RULE), scaledOf(b.pricePerUnit, PRICE_RULE), 1);
    case 'price-high':
      return byDecimal(scaledOf(a.pricePerUnit, PRICE_RULE), scaledOf(b.pricePerUnit, PRICE_RULE), -1);
    case 'thc':
      return byDecimal(scaledOf(a.thcPercentage, PERCENT_RULE), scaledOf(b.thcPercentage, PERCENT_RULE), -1);
    case 'quantity':
      return byDecimal(scaledOf(a.availableQuantity, QUANTITY_RULE), scaledOf(b.availableQuantity, QUANTITY_RULE), -1);
    case 'newest':
      return newestFirst(a, b);
  }
}

/** Compares two products for `sort`; ties fall back to newest first, then name, so the order is stable across renders. */
export function compareProducts(sort: CatalogueSort, a: SortableProduct, b: SortableProduct): number {
  return primary(sort, a, b) || newestFirst(a, b) || names.compare(a.strainName, b.strainName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A sorted copy; the input is left as it was. */
export function sortCatalogue<T extends SortableProduct>(products: readonly T[], sort: CatalogueSort): T[] {
  return [...products].sort((a, b) => compareProducts(sort, a, b));
}
