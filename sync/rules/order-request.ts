/**
 * The rules of an order request line, shared by the buyer's form (which says
 * what is wrong before sending) and the server (which decides).
 */
import { centsAsMoney, formatScaled, MAX_TOTAL_CENTS, parseScaled, PRICE_RULE, QUANTITY_RULE, TOTAL_RULE } from './decimal';
import type { Product } from '../entities/product';
import { formatPrice, formatQuantity } from './format-decimal';

export type OrderLineProduct = Pick<Product, 'strainName' | 'unitType' | 'lotSize' | 'availableQuantity' | 'pricePerUnit'>;

/** A quantity in thousandths of a unit, or null when it is not a usable quantity. */
export function quantityThousandths(quantity: string): number | null {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok && parsed.scaled > 0 ? parsed.scaled : null;
}

/** Why this quantity cannot be ordered, or null when it can: at least the lot size, at most what is available. */
export function orderLineProblem(product: OrderLineProduct, quantity: string): string | null {
  const wanted = quantityThousandths(quantity);
  if (wanted === null) return `${product.strainName}: enter a quantity`;
  if (wanted < product.lotSize * 1000) return `${product.strainName}: the minimum order is ${formatQuantity(String(product.lotSize), product.unitType)}`;
  const available = parseScaled(product.availableQuantity, QUANTITY_RULE);
  if (available.ok && wanted > available.scaled) return `${product.strainName}: only ${formatQuantity(formatScaled(available.scaled, 3), product.unitType)} available`;
  return null;
}

const exactLineCents = (priceCents: number, quantityThousandths: number) => (BigInt(priceCents) * BigInt(quantityThousandths) + 500n) / 1000n;

/**
 * Line total in cents, rounded half up: exact integers all the way (price in cents × quantity in thousandths). Exact
 * up to `MAX_TOTAL_CENTS`; what is written or sent is checked first with `totalsBeyondCents`.
 */
export function lineTotalCents(priceCents: number, quantityThousandths: number): number {
  return Number(exactLineCents(priceCents, quantityThousandths));
}

/** A line as its total is counted; null for a line that has none (no price, no quantity), which adds nothing. */
export type LineAmount = { strainName: string; priceCents: number; quantityThousandths: number } | null;

const LIMIT = formatPrice(centsAsMoney(MAX_TOTAL_CENTS));

/**
 * Why these lines cannot be written, as field errors: a line whose total (`lines.N`, N its place in `lines`), or
 * lines whose sum (`lines`), would pass `MAX_TOTAL_CENTS`, past which cents are no longer counted exactly. Null while
 * every figure is exact. The device checks as the lines are typed; the server refuses before anything is written.
 * `field` names the lines as the form does (an order request's are `items`).
 */
export function totalsBeyondCents(lines: readonly LineAmount[], field = 'lines'): Record<string, string> | null {
  const errors: Record<string, string> = {};
  let sum = 0n;
  lines.forEach((line, index) => {
    if (!line) return;
    const cents = exactLineCents(line.priceCents, line.quantityThousandths);
    if (cents > BigInt(MAX_TOTAL_CENTS)) errors[`${field}.${index}`] = `${line.strainName}: this line would come to more than ${LIMIT}, more than an order can hold; order less`;
    sum += cents;
  });
  if (Object.keys(errors).length === 0 && sum > BigInt(MAX_TOTAL_CENTS)) {
    errors[field] = `This order would come to more than ${LIMIT}, more than an order can hold; split it into smaller orders`;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The line's total as a decimal string, or null when the product has no price. */
export function lineTotal(product: Pick<Product, 'pricePerUnit'>, quantity: string): string | null {
  const wanted = quantityThousandths(quantity);
  const price = product.pricePerUnit ? parseScaled(product.pricePerUnit, PRICE_RULE) : null;
  return wanted !== null && price?.ok ? centsAsMoney(lineTotalCents(price.scaled, wanted)) : null;
}

/** The sum of line totals, or null when any line has no price. */
export function orderTotal(lines: Array<string | null>): string | null {
  let cents = 0;
  for (const line of lines) {
    const parsed = line === null ? null : parseScaled(line, TOTAL_RULE);
    if (!parsed?.ok) return null;
    cents += parsed.scaled;
  }
  return centsAsMoney(cents);
}
