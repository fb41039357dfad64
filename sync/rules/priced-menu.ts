/**
 * A public menu as one buyer sees it: priced by the list that applies to them (see `pricing.ts`), without the
 * products the list hides. The server prices the menu answer and the buyer's saved copy with it; the device reads the
 * terms back from the priced products to check and price an order line as it is typed, as the server then does.
 */
import { centsAsMoney, type DecimalRule, formatScaled, parseScaled, PRICE_RULE, QUANTITY_RULE } from './decimal';
import type { OrderLine } from '../entities/order';
import type { PriceListEntry } from '../entities/price-list';
import type { PublicMenu } from '../entities/public-menu';
import { orderLinePrice } from './order-line-price';
import { orderLineProblem, quantityThousandths, type LineAmount, type OrderLineProduct } from './order-request';
import { entriesByProduct, productTerms, quantityProblem, termsForDisplay, type ProductTerms } from './pricing';

export type ShownProduct = PublicMenu['products'][number];

/** The menu priced by `list` (null: as it is, list prices for all). */
export function pricedMenu(menu: PublicMenu, list: { entries: PriceListEntry[] } | null): PublicMenu {
  if (!list) return menu;
  const entries = entriesByProduct(list);
  return {
    ...menu,
    products: menu.products.flatMap((product) => {
      const terms = productTerms(product, entries.get(product.id));
      return terms.hidden ? [] : [{ ...product, ...termsForDisplay(terms) }];
    }),
  };
}

const scaled = (value: string | null | undefined, rule: DecimalRule) => {
  if (value === null || value === undefined) return null;
  const parsed = parseScaled(value, rule);
  return parsed.ok ? parsed.scaled : null;
};

/** The terms a priced product was shown with; a product no list priced has its list price and its lot size. */
export function shownTerms(product: Pick<ShownProduct, 'pricePerUnit' | 'lotSize' | 'listPrice' | 'minimumQuantity' | 'quantityIncrement' | 'priceBreaks'>): ProductTerms {
  const priceCents = scaled(product.pricePerUnit, PRICE_RULE);
  return {
    hidden: false,
    priceCents,
    listPriceCents: product.listPrice === undefined ? priceCents : scaled(product.listPrice, PRICE_RULE),
    minimumThousandths: scaled(product.minimumQuantity, QUANTITY_RULE) ?? Math.max(product.lotSize, 0) * 1000,
    incrementThousandths: scaled(product.quantityIncrement, QUANTITY_RULE),
    breaks: (product.priceBreaks ?? []).map((step) => ({ minimumThousandths: scaled(step.minQuantity, QUANTITY_RULE) ?? 0, priceCents: scaled(step.price, PRICE_RULE) ?? 0 })),
  };
}

export type PricedOrderLine = {
  problem: string | null;
  quantity: string;
  pricePerUnit: string | null;
  lineTotal: string | null;
  /** The line as its total is counted, for `totalsBeyondCents`. */
  amount: LineAmount;
};

/**
 * An order line on the buyer's terms: what is wrong with it (hidden, minimum, increment, then what is available), the
 * quantity written to the thousandth, the unit price after quantity breaks, and the exact line total.
 */
export function pricedOrderLine(product: OrderLineProduct, terms: ProductTerms, quantity: string): PricedOrderLine {
  const wanted = quantityThousandths(quantity);
  const price = wanted === null ? null : orderLinePrice(terms, wanted);
  return {
    problem: (wanted === null ? null : quantityProblem(product, terms, wanted)) ?? orderLineProblem(product, quantity),
    quantity: wanted === null ? quantity : formatScaled(wanted, 3),
    pricePerUnit: price?.unitPrice ?? null,
    lineTotal: price?.lineTotal ?? null,
    amount: price === null || wanted === null ? null : { strainName: product.strainName, priceCents: price.unitPriceCents, quantityThousandths: wanted },
  };
}

/** A line as the buyer's menu prices it, and its figures in cents (null: no quantity, or no price). */
export type ShownOrderLine = { line: OrderLine; unitCents: number | null; lineCents: number | null };

/**
 * A line as the buyer's menu prices it: the quantity as typed (to the thousandth), the unit price at that quantity
 * (breaks applied), the list price when theirs differs, and the exact line total. The cart, the order waiting to send
 * and what it is later compared with all price by this, on the terms the server prices by.
 */
export function shownOrderLine(
  product: Pick<ShownProduct, 'id' | 'strainName' | 'unitType' | 'pricePerUnit' | 'lotSize' | 'listPrice' | 'minimumQuantity' | 'quantityIncrement' | 'priceBreaks'>,
  quantity: string,
): ShownOrderLine {
  const terms = shownTerms(product);
  const wanted = quantityThousandths(quantity);
  // With no quantity yet the line still shows the unit price, at the smallest quantity.
  const price = orderLinePrice(terms, wanted ?? 0);
  const unitCents = price?.unitPriceCents ?? null;
  const lineCents = wanted !== null && price !== null ? price.lineTotalCents : null;
  const line = {
    productId: product.id,
    strainName: product.strainName,
    unitType: product.unitType,
    quantity: wanted === null ? quantity : formatScaled(wanted, 3),
    unitPrice: centsAsMoney(unitCents ?? 0),
    listPrice: terms.listPriceCents !== null && terms.listPriceCents !== unitCents ? centsAsMoney(terms.listPriceCents) : null,
    lineTotal: centsAsMoney(lineCents ?? 0),
    deliveredQuantity: null,
  };
  return { line, unitCents, lineCents };
}
