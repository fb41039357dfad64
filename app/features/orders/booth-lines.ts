/**
 * Lines a seller writes for a customer (a new order, or an order's edited lines), priced on the device by the rule the
 * server prices them with (`sync/rules/order-line-price.ts`, on the terms of `orderTerms`); each quantity checked as
 * typed by the cart's rule (`sync/rules/typed-quantity.ts`): a number, whole units, the list's minimum and steps, what is
 * available. Exact cents and thousandths throughout.
 */
import { formatScaled, parseScaled, QUANTITY_RULE } from '../../../sync/rules/decimal';
import type { Product } from '../../../sync/entities/product';
import { orderLinePrice, type KeptLinePrice } from '../../../sync/rules/order-line-price';
import { orderTotal, totalsBeyondCents, type LineAmount } from '../../../sync/rules/order-request';
import type { ProductTerms } from '../../../sync/rules/pricing';
import { typedQuantityProblem } from '../../../sync/rules/typed-quantity';

export type BoothLine = { productId: string; quantity: string };
export type PricedBoothLine = BoothLine & {
  strainName: string;
  unitType: string;
  /** Null while the quantity is not a number or the product has no price. */
  unitPrice: string | null;
  lineTotal: string | null;
  problem: string | null;
};

/** A quantity as a person types it: no trailing zeros after the point ("2.500" is "2.5", "10.000" is "10"). */
export function plainQuantity(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity;
}

/** A quantity that starts a line: the smallest the customer may order, at least one. */
export function startingQuantity(terms: ProductTerms): string {
  return plainQuantity(formatScaled(Math.max(terms.minimumThousandths, 1000), 3));
}

type TermsOf = (product: Product) => ProductTerms;
/**
 * What the order being edited already has: of each product, the quantity (thousandths), which it took from stock
 * once accepted, so a line may keep it or grow by what is left (never stricter than the server); and the price each
 * line was given, which it keeps.
 */
export type EditedOrder = { held: ReadonlyMap<string, number>; kept: ReadonlyMap<string, KeptLinePrice> };

/** The `EditedOrder` of an order's lines. */
export function editedOrder(lines: ReadonlyArray<{ productId: string; quantity: string } & KeptLinePrice>): EditedOrder {
  const held = new Map(
    lines.flatMap((line) => {
      const parsed = parseScaled(line.quantity, QUANTITY_RULE);
      return parsed.ok ? [[line.productId, parsed.scaled] as const] : [];
    }),
  );
  return { held, kept: new Map(lines.map((line) => [line.productId, line])) };
}

function withHeld(product: Product, editing: EditedOrder | undefined): Product {
  const extra = editing?.held.get(product.id) ?? 0;
  const left = parseScaled(product.availableQuantity, QUANTITY_RULE);
  return extra > 0 && left.ok ? { ...product, availableQuantity: formatScaled(left.scaled + extra, 3) } : product;
}

function priceBoothLine(line: BoothLine, products: Map<string, Product>, termsOf: TermsOf, editing?: EditedOrder): { priced: PricedBoothLine; amount: LineAmount } {
  const product = products.get(line.productId);
  if (!product) {
    const gone = 'This product is no longer in the catalogue';
    return { priced: { ...line, strainName: 'Product no longer in the catalogue', unitType: '', unitPrice: null, lineTotal: null, problem: gone }, amount: null };
  }
  const terms = termsOf(product);
  const parsed = parseScaled(line.quantity.trim(), QUANTITY_RULE);
  const quantity = parsed.ok && parsed.scaled > 0 ? parsed.scaled : null;
  const price = quantity === null ? null : orderLinePrice(terms, quantity, editing?.kept.get(product.id));
  const priced = {
    ...line,
    strainName: product.strainName,
    unitType: product.unitType,
    unitPrice: price?.unitPrice ?? null,
    lineTotal: price?.lineTotal ?? null,
    problem: typedQuantityProblem(withHeld(product, editing), terms, line.quantity),
  };
  return { priced, amount: price === null || quantity === null ? null : { strainName: product.strainName, priceCents: price.unitPriceCents, quantityThousandths: quantity } };
}

/** The lines priced, each with what is wrong with it as typed (a line past the last exact cent among them). */
export function priceBoothLines(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf, editing?: EditedOrder): PricedBoothLine[] {
  const each = lines.map((line) => priceBoothLine(line, products, termsOf, editing));
  const beyond = totalsBeyondCents(each.map((entry) => entry.amount));
  return each.map(({ priced }, index) => ({ ...priced, problem: priced.problem ?? beyond?.[`lines.${index}`] ?? null }));
}

/** The sum of the lines that can be sent as typed (as the cart counts), as a decimal string. */
export function boothTotal(lines: PricedBoothLine[]): string {
  return orderTotal(lines.flatMap((line) => (line.lineTotal === null || line.problem !== null ? [] : [line.lineTotal]))) ?? '0.00';
}

/** How many lines the total leaves out: a quantity that cannot be sent as typed, or a product with no price. */
export function boothUncounted(lines: PricedBoothLine[]): number {
  return lines.filter((line) => line.lineTotal === null || line.problem !== null).length;
}

/** Why the lines cannot be sent yet, or null: at least one, none with a problem, and a total counted to the cent. */
export function boothLinesReady(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf, editing?: EditedOrder): string | null {
  if (lines.length === 0) return 'Add at least one product to the order';
  const lineProblem = priceBoothLines(lines, products, termsOf, editing).find((line) => line.problem)?.problem;
  return lineProblem ?? totalsBeyondCents(lines.map((line) => priceBoothLine(line, products, termsOf, editing).amount))?.lines ?? null;
}
