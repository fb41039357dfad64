/**
 * An order's lines priced at the moment of submission (or of the seller's edit) by the one price resolution
 * (`sync/rules/pricing.ts`): the applicable list's price, quantity breaks, and for a buyer its hidden products, minimums
 * and increments. Totals in whole cents, rounded half up per line.
 */
import { moneyCents, parseScaled } from '../../sync/rules/decimal';
import type { OrderLine } from '../../sync/entities/order';
import type { Product } from '../../sync/entities/product';
import { AppError } from '../../sync/contract/errors';
import { orderLinePrice, orderLineOf } from '../../sync/rules/order-line-price';
import { totalsBeyondCents, type LineAmount } from '../../sync/rules/order-request';
import { quantityProblem, termsUnder, wholeUnitsProblem } from '../../sync/rules/pricing';
import { chunks } from '../db/chunks';
import type { Db } from '../db/database';
import { findProductsByIds } from '../db/repositories/products';
import type { OrderPriceList } from './order-price-lists';
import { thousandthsOf } from './order-stock';

export type LineInput = { productId: string; quantity: string | null };

export type PricingRules = {
  sellerId: string;
  list: OrderPriceList | null;
  /** The products the buyer may order (a menu's), or null for any of the seller's. */
  offered: ReadonlySet<string> | null;
  /** A buyer is held to hidden products, minimums and increments; the seller writing an order is not. */
  buyerTerms: boolean;
  /** Lines already on the order keep the price they were given. */
  kept?: ReadonlyMap<string, OrderLine>;
};

/** Stock as a product reads it: whatever whole number of thousandths the database holds. */
const STOCK_RULE = { scale: 3, min: 0, max: Number.MAX_SAFE_INTEGER / 1000 };

function stockOf(product: Product): number {
  const parsed = parseScaled(product.availableQuantity, STOCK_RULE);
  if (!parsed.ok) throw new Error(`Unreadable stock on a product: ${product.availableQuantity}`);
  return parsed.scaled;
}

export function linesTotalCents(lines: OrderLine[]): number {
  return lines.reduce((sum, line) => sum + moneyCents(line.lineTotal), 0);
}

/** A line that cannot be ordered, and why. */
export type LineProblem = { index: number; productId: string; strainName: string; reason: string };

/** Priced lines, and what is in stock of their products as read to price them (thousandths by product). */
export type PricedLines = { lines: OrderLine[]; totalCents: number; problems: LineProblem[]; stock: ReadonlyMap<string, number> };

/** The products the lines name, by id (read apart from pricing, so the read can go out with the order's other reads). */
export async function readLineProducts(db: Db, input: LineInput[]): Promise<ReadonlyMap<string, Product>> {
  const ids = [...new Set(input.map((line) => line.productId))];
  const read = await Promise.all(chunks(ids).map((chunk) => findProductsByIds(db, chunk)));
  return new Map(read.flat().map((product) => [product.id, product]));
}

/**
 * Prices the lines from their products as read; a line that cannot be ordered is refused (400, naming each), or with
 * `leaveOut` left out and named. Lines whose totals would pass the last exact cent are refused in every case.
 */
export function priceLines(byId: ReadonlyMap<string, Product>, input: LineInput[], rules: PricingRules, leaveOut = false): PricedLines {
  const termsOf = termsUnder(rules.list);
  const problems: LineProblem[] = [];
  const refuse = (index: number, strainName: string, reason: string) => problems.push({ index, productId: input[index]!.productId, strainName, reason });
  const lines: OrderLine[] = [];
  const amounts: LineAmount[] = input.map(() => null);
  let totalCents = 0;
  input.forEach((line, index) => {
    const product: Product | undefined = byId.get(line.productId);
    if (!product || product.userId !== rules.sellerId || (rules.offered && !rules.offered.has(product.id))) {
      refuse(index, product?.strainName ?? 'A product', 'That product is not offered on this order');
      return;
    }
    const quantity = thousandthsOf(line.quantity ?? '0');
    const terms = termsOf(product);
    // A seller's own order is not held to a buyer's terms, but a counted product is counted in whole units on every order.
    const problem = rules.buyerTerms ? quantityProblem(product, terms, quantity) : wholeUnitsProblem(product, quantity);
    if (problem) {
      refuse(index, product.strainName, problem);
      return;
    }
    const price = orderLinePrice(terms, quantity, rules.kept?.get(product.id));
    if (price === null) {
      refuse(index, product.strainName, `${product.strainName} has no price yet: ask the seller`);
      return;
    }
    amounts[index] = { strainName: product.strainName, priceCents: price.unitPriceCents, quantityThousandths: quantity };
    totalCents += price.lineTotalCents;
    lines.push(orderLineOf(product, quantity, price));
  });
  if (problems.length > 0 && !leaveOut) {
    throw new AppError('validation', problems[0]!.reason, Object.fromEntries(problems.map((problem) => [`lines.${problem.index}`, problem.reason])));
  }
  const beyond = totalsBeyondCents(amounts);
  if (beyond) throw new AppError('validation', Object.values(beyond)[0]!, beyond);
  const stock = new Map([...byId.values()].map((product) => [product.id, stockOf(product)]));
  return { lines, totalCents, problems, stock };
}
