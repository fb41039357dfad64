/**
 * Lines a seller writes for a customer (a new order, or an order's edited lines), priced on the device the way the
 * server will price them: the customer's price list while in effect, else the list price; each quantity checked as
 * typed by the cart's rule (`sync/typed-quantity.ts`): a number, whole units, the list's minimum and steps, what is
 * available. Exact cents and thousandths throughout.
 */
import { formatScaled, parseScaled, QUANTITY_RULE } from '../../../sync/decimal';
import type { Customer } from '../../../sync/entities/customer';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { lineTotalCents, orderTotal, totalsBeyondCents, type LineAmount } from '../../../sync/order-request';
import { applicablePriceList, entriesByProduct, productTerms, unitPriceCents, type ProductTerms } from '../../../sync/pricing';
import { typedQuantityProblem } from '../../../sync/typed-quantity';

export type BoothLine = { productId: string; quantity: string };
export type PricedBoothLine = BoothLine & {
  strainName: string;
  unitType: string;
  /** Null while the quantity is not a number or the product has no price. */
  unitPrice: string | null;
  lineTotal: string | null;
  problem: string | null;
};

/** Each product's terms for this customer today (no customer yet: the list prices). */
export function customerTerms(customer: Pick<Customer, 'priceListId'> | null, priceLists: Map<string, PriceList>, day: string) {
  const list = customer?.priceListId ? (priceLists.get(customer.priceListId) ?? null) : null;
  const entries = entriesByProduct(applicablePriceList(list, null, day));
  return (product: Product): ProductTerms => productTerms(product, entries.get(product.id));
}

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
 * What an order being edited already has of each product (thousandths by product id): once accepted it took that from
 * stock, so a line may keep it or grow by what is left. Counted for any order that may be edited, never stricter than the server.
 */
export type HeldByOrder = ReadonlyMap<string, number>;

/** What the order's lines have of each product, for `HeldByOrder`. */
export function heldByLines(lines: ReadonlyArray<{ productId: string; quantity: string }>): HeldByOrder {
  return new Map(
    lines.flatMap((line) => {
      const parsed = parseScaled(line.quantity, QUANTITY_RULE);
      return parsed.ok ? [[line.productId, parsed.scaled] as const] : [];
    }),
  );
}

function withHeld(product: Product, held: HeldByOrder | undefined): Product {
  const extra = held?.get(product.id) ?? 0;
  const left = parseScaled(product.availableQuantity, QUANTITY_RULE);
  return extra > 0 && left.ok ? { ...product, availableQuantity: formatScaled(left.scaled + extra, 3) } : product;
}

function priceBoothLine(line: BoothLine, products: Map<string, Product>, termsOf: TermsOf, held?: HeldByOrder): { priced: PricedBoothLine; amount: LineAmount } {
  const product = products.get(line.productId);
  if (!product) {
    const gone = 'This product is no longer in the catalogue';
    return { priced: { ...line, strainName: 'Product no longer in the catalogue', unitType: '', unitPrice: null, lineTotal: null, problem: gone }, amount: null };
  }
  const terms = termsOf(product);
  const parsed = parseScaled(line.quantity.trim(), QUANTITY_RULE);
  const quantity = parsed.ok && parsed.scaled > 0 ? parsed.scaled : null;
  const price = quantity === null ? null : unitPriceCents(terms, quantity);
  const priced = {
    ...line,
    strainName: product.strainName,
    unitType: product.unitType,
    unitPrice: price === null ? null : formatScaled(price, 2),
    lineTotal: price === null || quantity === null ? null : formatScaled(lineTotalCents(price, quantity), 2),
    problem: typedQuantityProblem(withHeld(product, held), terms, line.quantity),
  };
  return { priced, amount: price === null || quantity === null ? null : { strainName: product.strainName, priceCents: price, quantityThousandths: quantity } };
}

/** The lines priced, each with what is wrong with it as typed (a line past the last exact cent among them). */
export function priceBoothLines(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf, held?: HeldByOrder): PricedBoothLine[] {
  const each = lines.map((line) => priceBoothLine(line, products, termsOf, held));
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
export function boothLinesReady(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf, held?: HeldByOrder): string | null {
  if (lines.length === 0) return 'Add at least one product to the order';
  const lineProblem = priceBoothLines(lines, products, termsOf, held).find((line) => line.problem)?.problem;
  return lineProblem ?? totalsBeyondCents(lines.map((line) => priceBoothLine(line, products, termsOf, held).amount))?.lines ?? null;
}
