/** Ordering and category lists for the public menu, on exact decimals. */
import { PRODUCT_CATEGORIES, type ProductCategory } from '../../../sync/contract/constants';
import { parseScaled, PERCENT_RULE, PRICE_RULE, type DecimalRule } from '../../../sync/rules/decimal';
import type { Product } from '../../../sync/entities/product';
import type { MenuSort } from '../../../sync/rules/menu-view-choice';

export type SortableProduct = Pick<Product, 'strainName' | 'pricePerUnit' | 'thcPercentage'>;

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

/** The categories that occur among the products, in the catalogue's fixed order. */
export function categoriesPresent(products: readonly Pick<Product, 'category'>[]): ProductCategory[] {
  const present = new Set(products.map((product) => product.category));
  return PRODUCT_CATEGORIES.filter((category) => present.has(category));
}
