/**
 * Lines a seller writes for a customer (a new order, or an order's edited lines), priced on the device the way the
 * server will price them: the customer's price list while in effect, else the list price; the list's minimum and
 * increment checked as typed. Exact cents and thousandths throughout.
 */
import { formatScaled, parseScaled, QUANTITY_RULE } from '../../../sync/decimal';
import type { Customer } from '../../../sync/entities/customer';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { lineTotalCents, orderTotal, totalsBeyondCents, type LineAmount } from '../../../sync/order-request';
import { applicablePriceList, entriesByProduct, productTerms, quantityProblem, unitPriceCents, type ProductTerms } from '../../../sync/pricing';

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

function priceBoothLine(line: BoothLine, products: Map<string, Product>, termsOf: TermsOf): { priced: PricedBoothLine; amount: LineAmount } {
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
    problem: quantity === null ? `${product.strainName}: enter a quantity` : quantityProblem(product, terms, quantity),
  };
  return { priced, amount: price === null || quantity === null ? null : { strainName: product.strainName, priceCents: price, quantityThousandths: quantity } };
}

/** The lines priced, each with what is wrong with it as typed (a line past the last exact cent among them). */
export function priceBoothLines(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf): PricedBoothLine[] {
  const each = lines.map((line) => priceBoothLine(line, products, termsOf));
  const beyond = totalsBeyondCents(each.map((entry) => entry.amount));
  return each.map(({ priced }, index) => ({ ...priced, problem: priced.problem ?? beyond?.[`lines.${index}`] ?? null }));
}

/** The sum of the lines that have a total, as a decimal string. */
export function boothTotal(lines: PricedBoothLine[]): string {
  return orderTotal(lines.flatMap((line) => (line.lineTotal === null ? [] : [line.lineTotal]))) ?? '0.00';
}

/** Why the lines cannot be sent yet, or null: at least one, none with a problem, and a total counted to the cent. */
export function boothLinesReady(lines: BoothLine[], products: Map<string, Product>, termsOf: TermsOf): string | null {
  if (lines.length === 0) return 'Add at least one product to the order';
  const lineProblem = priceBoothLines(lines, products, termsOf).find((line) => line.problem)?.problem;
  return lineProblem ?? totalsBeyondCents(lines.map((line) => priceBoothLine(line, products, termsOf).amount))?.lines ?? null;
}
