/**
 * Money, quantities and percentages for display, from the exact decimal
 * strings the API sends. Digits are grouped from the string itself so a price
 * never passes through a float.
 */
import type { UnitType } from '../contract/constants';
import { formatScaled, parseScaled, PERCENT_RULE, QUANTITY_RULE, TOTAL_RULE } from './decimal';

export const PRICE_ON_REQUEST = 'Price on request';

/** Whether a quantity (an exact decimal string) is none at all. */
export function isOutOfStock(quantity: string): boolean {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok && parsed.scaled === 0;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function splitDecimal(text: string): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = text.split('.');
  return { whole, fraction };
}

/** '1450.00' → '$1,450.00', for a price or any amount an order holds (its total, what was paid); null (or text that is not money) → 'Price on request'. */
export function formatPrice(price: string | null): string {
  if (price === null) return PRICE_ON_REQUEST;
  const parsed = parseScaled(price, TOTAL_RULE);
  if (!parsed.ok) return PRICE_ON_REQUEST;
  const { whole, fraction } = splitDecimal(formatScaled(parsed.scaled, TOTAL_RULE.scale));
  return `$${groupThousands(whole)}.${fraction}`;
}

/** A decimal without its trailing zeros, grouped: '1200.500' → '1,200.5', '18.000' → '18'. */
function formatPlainDecimal(scaled: number, scale: number): string {
  const { whole, fraction } = splitDecimal(formatScaled(scaled, scale));
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${groupThousands(whole)}.${trimmed}` : groupThousands(whole);
}

/**
 * The unit as it follows a quantity: counted items read 'unit' after exactly one and 'units' after any other quantity
 * (or none: a column of quantities); lb, oz and g stay as they are.
 */
export function unitWord(unitType: UnitType, quantity?: string): string {
  if (unitType !== 'unit') return unitType;
  const parsed = quantity === undefined ? null : parseScaled(quantity.trim(), QUANTITY_RULE);
  return parsed?.ok && parsed.scaled === 10 ** QUANTITY_RULE.scale ? 'unit' : 'units';
}

/** '18.000', 'lb' → '18 lb'; counted items read '1 unit' and '5 units'. */
export function formatQuantity(quantity: string, unitType: UnitType): string {
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  const amount = parsed.ok ? formatPlainDecimal(parsed.scaled, QUANTITY_RULE.scale) : quantity.trim();
  return `${amount} ${unitWord(unitType, quantity)}`;
}

/** '24.5' → '24.50%'; null or unreadable → null, so the badge is left out. */
export function formatPercent(percent: string | null): string | null {
  if (percent === null) return null;
  const parsed = parseScaled(percent, PERCENT_RULE);
  return parsed.ok ? `${formatScaled(parsed.scaled, PERCENT_RULE.scale)}%` : null;
}
