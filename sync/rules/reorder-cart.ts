/**
 * Ordering again from an old order, into the cart: the old lines become cart lines on the menu as the buyer's device
 * knows it now (today's products, today's prices, what is available now), for the buyer to review and send. Nothing is
 * ordered here. What cannot come back as it was is named: a product no longer on the menu (taken off, hidden from this
 * buyer), a quantity beyond what is available now, a quantity the product's minimum or steps no longer allow.
 */
import { formatScaled, parseScaled, QUANTITY_RULE } from './decimal';
import type { OrderLine } from '../entities/order';
import { formatQuantity } from './format-decimal';
import { shownTerms, type ShownProduct } from './priced-menu';

export type ReorderedLines = {
  /** The cart's lines, in the old order's order: each one orderable as it stands. */
  lines: Array<{ productId: string; quantity: string }>;
  /** Plain sentences, one per product no longer on the menu. */
  gone: string[];
  /** Plain sentences, one per product with less available now than was ordered. */
  short: string[];
  /** Plain sentences, one per quantity changed to today's minimum or steps. */
  changed: string[];
};

type OldLine = Pick<OrderLine, 'productId' | 'strainName' | 'unitType' | 'quantity'>;
type MenuProduct = Pick<
  ShownProduct,
  'id' | 'strainName' | 'unitType' | 'availableQuantity' | 'pricePerUnit' | 'lotSize' | 'listPrice' | 'minimumQuantity' | 'quantityIncrement' | 'priceBreaks'
>;

const thousandths = (value: string): number | null => {
  const parsed = parseScaled(value, QUANTITY_RULE);
  return parsed.ok ? parsed.scaled : null;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The step a quantity of this product moves in: its increment, in whole units for a counted product, else any thousandth. */
function stepOf(product: MenuProduct, increment: number | null): number {
  const whole = product.unitType === 'unit' ? 1000 : 1;
  const step = increment && increment > 0 ? increment : 1;
  return (step * whole) / gcd(step, whole);
}

/**
 * The old lines on today's menu. A line's quantity is what was ordered, raised to today's minimum when below it, then
 * brought down to what is available now and to the product's steps; a product of which not even the minimum is
 * available stays out of the cart, named as short.
 */
export function reorderLines(old: OldLine[], products: MenuProduct[]): ReorderedLines {
  const byId = new Map(products.map((product) => [product.id, product]));
  const result: ReorderedLines = { lines: [], gone: [], short: [], changed: [] };
  for (const line of old) {
    const product = byId.get(line.productId);
    const ordered = thousandths(line.quantity);
    if (!product) {
      result.gone.push(`${line.strainName} is no longer on this menu`);
      continue;
    }
    if (ordered === null || ordered === 0 || result.lines.some((kept) => kept.productId === product.id)) continue;
    const terms = shownTerms(product);
    const step = stepOf(product, terms.incrementThousandths);
    const minimum = Math.ceil(Math.max(terms.minimumThousandths, 1) / step) * step;
    const available = thousandths(product.availableQuantity) ?? Number.MAX_SAFE_INTEGER;
    const wanted = Math.max(ordered, minimum);
    const quantity = Math.floor(Math.min(wanted, available) / step) * step;
    const show = (scaled: number) => formatQuantity(formatScaled(scaled, 3), product.unitType);
    if (quantity < minimum) {
      result.short.push(
        available <= 0
          ? `${product.strainName}: none available now (${show(ordered)} ordered before)`
          : `${product.strainName}: only ${show(available)} available, below the minimum order of ${show(minimum)} (${show(ordered)} ordered before)`,
      );
      continue;
    }
    result.lines.push({ productId: product.id, quantity: formatScaled(quantity, 3).replace(/\.?0+$/, '') });
    if (available < wanted) result.short.push(`${product.strainName}: only ${show(available)} available, ${show(quantity)} in your cart (${show(ordered)} ordered before)`);
    else if (quantity !== ordered) result.changed.push(`${product.strainName}: ${show(quantity)} in your cart, as the product is now sold (${show(ordered)} ordered before)`);
  }
  return result;
}
