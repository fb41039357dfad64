/**
 * Lines a seller writes for a customer (a new order, or an order's edited lines), priced on the device the way the
 * server will price them: the customer's price list while in effect, else the list price; the list's minimum and
 * increment checked as typed. Exact cents and thousandths throughout.
 */
import { formatScaled, parseScaled, QUANTITY_RULE } from '../../../sync/decimal';
import type { Customer } from '../../../sync/entities/customer';
import type { PriceList } from '../../../sync/entities/price-list';
import type { Product } from '../../../sync/entities/product';
import { lineTotalCents, orderTotal } from '../../../sync/order-request';
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

export function priceBoothLines(lines: BoothLine[], products: Map<string, Product>, termsOf: (product: Product) => ProductTerms): PricedBoothLine[] {
  return lines.map((line) => {
    const product = products.get(line.productId);
    if (!product)
      return { ...line, strainName: 'Product no longer in the catalogue', unitType: '', unitPrice: null, lineTotal: null, problem: 'This product is no longer in the catalogue' };
    const terms = termsOf(product);
    const parsed = parseScaled(line.quantity.trim(), QUANTITY_RULE);
    const quantity = parsed.ok && parsed.scaled > 0 ? parsed.scaled : null;
    const price = quantity === null ? null : unitPriceCents(terms, quantity);
    return {
      ...line,
      strainName: product.strainName,
      unitType: product.unitType,
      unitPrice: price === null ? null : formatScaled(price, 2),
      lineTotal: price === null || quantity === null ? null : formatScaled(lineTotalCents(price, quantity), 2),
      problem: quantity === null ? `${product.strainName}: enter a quantity` : quantityProblem(product, terms, quantity),
    };
  });
}

/** The sum of the lines that have a total, as a decimal string. */
export function boothTotal(lines: PricedBoothLine[]): string {
  return orderTotal(lines.flatMap((line) => (line.lineTotal === null ? [] : [line.lineTotal]))) ?? '0.00';
}

/** Whether the lines can be sent: at least one, and none with a problem. */
export function boothLinesReady(lines: BoothLine[], products: Map<string, Product>, termsOf: (product: Product) => ProductTerms): string | null {
  if (lines.length === 0) return 'Add at least one product to the order';
  return priceBoothLines(lines, products, termsOf).find((line) => line.problem)?.problem ?? null;
}
