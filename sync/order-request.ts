/**
 * The rules of an order request line, shared by the buyer's form (which says
 * what is wrong before sending) and the server (which decides).
 */
import { formatScaled, parseScaled, PRICE_RULE, QUANTITY_RULE } from './decimal';
import type { Product } from './entities/product';

export type OrderLineProduct = Pick<Product, 'strainName' | 'unitType' | 'lotSize' | 'availableQuantity' | 'pricePerUnit'>;

/** A quantity in thousandths of a unit, or null when it is not a usable quantity. */
export function quantityThousandths(quantity: string): number | null {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok && parsed.scaled > 0 ? parsed.scaled : null;
}

const plain = (thousandths: number) => formatScaled(thousandths, 3).replace(/\.?0+$/, '');

/** Why this quantity cannot be ordered, or null when it can: at least the lot size, at most what is available. */
export function orderLineProblem(product: OrderLineProduct, quantity: string): string | null {
  const wanted = quantityThousandths(quantity);
  if (wanted === null) return `${product.strainName}: enter a quantity`;
  if (wanted < product.lotSize * 1000) return `${product.strainName}: the minimum order is ${product.lotSize} ${product.unitType}`;
  const available = parseScaled(product.availableQuantity, QUANTITY_RULE);
  if (available.ok && wanted > available.scaled) return `${product.strainName}: only ${plain(available.scaled)} ${product.unitType} available`;
  return null;
}

/** Line total in cents, rounded half up: exact integers all the way (price in cents × quantity in thousandths). */
export function lineTotalCents(priceCents: number, quantityThousandths: number): number {
  const product = BigInt(priceCents) * BigInt(quantityThousandths);
  return Number((product + 500n) / 1000n);
}

/** The line's total as a decimal string, or null when the product has no price. */
export function lineTotal(product: Pick<Product, 'pricePerUnit'>, quantity: string): string | null {
  const wanted = quantityThousandths(quantity);
  const price = product.pricePerUnit ? parseScaled(product.pricePerUnit, PRICE_RULE) : null;
  return wanted !== null && price?.ok ? formatScaled(lineTotalCents(price.scaled, wanted), 2) : null;
}

/** Line totals and order totals can exceed one price's ceiling: any whole number of cents JavaScript counts exactly. */
const TOTAL_RULE = { scale: 2, min: 0, max: Number.MAX_SAFE_INTEGER / 100 };

/** The sum of line totals, or null when any line has no price. */
export function orderTotal(lines: Array<string | null>): string | null {
  let cents = 0;
  for (const line of lines) {
    const parsed = line === null ? null : parseScaled(line, TOTAL_RULE);
    if (!parsed?.ok) return null;
    cents += parsed.scaled;
  }
  return formatScaled(cents, 2);
}
