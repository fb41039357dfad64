/**
 * What is wrong with a quantity as a person types it for a product, in their words, or null when it can be ordered:
 * a number, at least the least orderable (the terms' minimum, else one), whole units of a counted product, at most
 * three decimals, the terms' minimum and steps, and at most what is available. The buyer's cart and the seller's
 * order lines both check with this, as the quantity is typed.
 */
import type { UnitType } from '../contract/constants';
import { formatScaled, parseScaled, QUANTITY_RULE } from './decimal';
import { formatQuantity } from './format-decimal';
import { quantityProblem, type ProductTerms } from './pricing';

export type TypedQuantityProduct = { strainName: string; unitType: UnitType; availableQuantity: string };

export function typedQuantityProblem(product: TypedQuantityProduct, terms: ProductTerms, quantity: string): string | null {
  const name = product.strainName;
  const typed = quantity.trim();
  if (typed === '') return `${name}: enter a quantity`;
  const quantityOf = (thousandths: number) => formatQuantity(formatScaled(thousandths, 3), product.unitType);
  const atLeast = `${name}: order at least ${quantityOf(terms.minimumThousandths || 1000)}`;
  const available = parseScaled(product.availableQuantity, QUANTITY_RULE);
  const atMost = `${name}: at most ${available.ok ? quantityOf(available.scaled) : product.availableQuantity} available`;
  const parsed = parseScaled(typed, QUANTITY_RULE);
  if (!parsed.ok) {
    if (parsed.reason === 'precision') return `${name}: use at most three decimals`;
    if (parsed.reason === 'format') return `${name}: enter the quantity as a number, such as 5`;
    return typed.startsWith('-') ? atLeast : atMost;
  }
  if (parsed.scaled === 0) return atLeast;
  const onTerms = quantityProblem(product, terms, parsed.scaled);
  if (onTerms) return onTerms;
  if (available.ok && parsed.scaled > available.scaled) return atMost;
  return null;
}
