/**
 * What an edit really changes. A 'product.update' names only the fields that
 * differ from the product as the device has it, so an edit of the price on one
 * phone never overwrites a stock count changed on another.
 */
import { parseScaled } from '../../../sync/rules/decimal';
import type { Product, ProductUpdateInput } from '../../../sync/entities/product';

/** Wide enough for every decimal field (percent 5,2; price 10,2; quantity 10,3) without losing a digit. */
const ANY_DECIMAL = { scale: 3, min: 0, max: 99_999_999.999 };

type Comparable = string | number | boolean | null | undefined;

/** Equal as values: '24.5' and '24.50' are the same percentage, '' and null the same absence, a flag kept from before it existed unset. */
export function sameValue(a: Comparable, b: Comparable): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) === Boolean(b);
  const left = a === '' || a === undefined ? null : a;
  const right = b === '' || b === undefined ? null : b;
  if (left === right) return true;
  if (left === null || right === null) return false;
  if (typeof left === 'number' || typeof right === 'number') return String(left) === String(right);
  const x = parseScaled(left, ANY_DECIMAL);
  const y = parseScaled(right, ANY_DECIMAL);
  return x.ok && y.ok && x.scaled === y.scaled;
}

/** The fields of `update` (already validated and normalised) whose value differs from `product`'s. */
export function changedFields<T extends ProductUpdateInput>(product: Product, update: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(update) as (keyof T)[]) {
    const next = update[key];
    if (next === undefined) continue;
    if (!sameValue(product[key as keyof Product] as Comparable, next as Comparable)) changes[key] = next;
  }
  return changes;
}

/** A stored decimal as a person would type it: '10.000' → '10', '1200.50' → '1200.5'. */
export function plainDecimal(value: string | null): string {
  if (value === null) return '';
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
