/**
 * What a buyer pays: the one price resolution the server (public menu, orders) and the device (saved copy, cart)
 * share. The customer's price list applies while today is inside its dates, else the menu's bound list, else the
 * list price. On the list, a product may be hidden; its price replaced or discounted by a percentage (rounded half
 * up to the cent); its quantity held to a minimum and an increment on top of the product's lot size; and cheaper
 * from a quantity on (the largest break at or below the quantity ordered).
 */
import type { UnitType } from '../contract/constants';
import { centsAsMoney, formatScaled, moneyCents, parseScaled, PERCENT_RULE, QUANTITY_RULE } from './decimal';
import { formatQuantity } from './format-decimal';
import type { PriceList, PriceListEntry } from '../entities/price-list';
import type { Product } from '../entities/product';

export type PricedProduct = Pick<Product, 'id' | 'strainName' | 'unitType' | 'pricePerUnit' | 'lotSize'>;
export type PriceListDates = Pick<PriceList, 'startsAt' | 'endsAt'>;
export type ApplicablePriceList = Pick<PriceList, 'id' | 'startsAt' | 'endsAt' | 'entries'>;

/** A product's terms for one buyer. Quantities in thousandths, prices in cents. */
export type ProductTerms = {
  hidden: boolean;
  /** The buyer's price before quantity breaks, or null when the product has no price. */
  priceCents: number | null;
  listPriceCents: number | null;
  /** The smallest quantity the buyer may order: the lot size or the list's minimum, whichever is larger. */
  minimumThousandths: number;
  /** The quantity must be a whole number of these (null: any quantity at or above the minimum). */
  incrementThousandths: number | null;
  /** Lower prices from a quantity on, smallest quantity first. */
  breaks: Array<{ minimumThousandths: number; priceCents: number }>;
};

/** The calendar day of `now` as the lists' dates are written (UTC). */
export function calendarDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a list applies on `day` (YYYY-MM-DD): from its first day to its last, both included; open ends apply. */
export function priceListInEffect(list: PriceListDates, day: string): boolean {
  return (list.startsAt === null || list.startsAt <= day) && (list.endsAt === null || day <= list.endsAt);
}

/** The list that prices a buyer's order on `day`: the customer's while in effect, else the menu's bound one while in effect. */
export function applicablePriceList<List extends PriceListDates>(customerList: List | null, menuList: List | null, day: string): List | null {
  if (customerList && priceListInEffect(customerList, day)) return customerList;
  if (menuList && priceListInEffect(menuList, day)) return menuList;
  return null;
}

const cents = (price: string | null) => (price === null ? null : moneyCents(price));
const thousandths = (quantity: string | null) => {
  if (quantity === null) return null;
  const parsed = parseScaled(quantity, QUANTITY_RULE);
  return parsed.ok ? parsed.scaled : null;
};

/** A price less a percentage (in hundredths), rounded half up to the cent, exactly. */
export function discountedCents(priceCents: number, percentOffHundredths: number): number {
  return Math.floor((priceCents * (10_000 - percentOffHundredths) + 5_000) / 10_000);
}

/** The list's entries by product, for pricing many products against one list. */
export function entriesByProduct(list: Pick<PriceList, 'entries'> | null): Map<string, PriceListEntry> {
  return new Map((list?.entries ?? []).map((entry) => [entry.productId, entry]));
}

/** Each product's terms under `list` (none: the list prices), for pricing many lines against one list. */
export function termsUnder(list: Pick<PriceList, 'entries'> | null): (product: Pick<PricedProduct, 'id' | 'pricePerUnit' | 'lotSize'>) => ProductTerms {
  const entries = entriesByProduct(list);
  return (product) => productTerms(product, entries.get(product.id));
}

/** The lists the device holds by id, and what names them: a customer entry's list, a menu's bound list. */
export type HeldPriceLists = {
  customers: ReadonlyMap<string, { priceListId: string | null }>;
  menus: ReadonlyMap<string, { priceListId?: string | null }>;
  priceLists: ReadonlyMap<string, ApplicablePriceList>;
};

/**
 * The terms an order's lines are priced on, on `day`, from what the device holds: the customer's list while in
 * effect, else the list of the menu the order came by (`applicablePriceList`), as the server prices them.
 */
export function orderTerms(held: HeldPriceLists, order: { customerId: string | null; menuId: string | null }, day: string) {
  const listOf = (id: string | null | undefined) => (id ? (held.priceLists.get(id) ?? null) : null);
  const customerList = listOf(order.customerId === null ? null : held.customers.get(order.customerId)?.priceListId);
  const menuList = listOf(order.menuId === null ? null : held.menus.get(order.menuId)?.priceListId);
  return termsUnder(applicablePriceList(customerList, menuList, day));
}

/** A product's terms under a list's entry for it (none: the list price and the lot size). */
export function productTerms(product: Pick<PricedProduct, 'pricePerUnit' | 'lotSize'>, entry: PriceListEntry | undefined): ProductTerms {
  const listPriceCents = cents(product.pricePerUnit);
  const lotThousandths = Math.max(product.lotSize, 0) * 1000;
  if (!entry) return { hidden: false, priceCents: listPriceCents, listPriceCents, minimumThousandths: lotThousandths, incrementThousandths: null, breaks: [] };
  const percentOff = entry.percentOff === null ? null : parseScaled(entry.percentOff, PERCENT_RULE);
  const priceCents = entry.price !== null ? cents(entry.price) : percentOff?.ok && listPriceCents !== null ? discountedCents(listPriceCents, percentOff.scaled) : listPriceCents;
  const breaks = entry.breaks
    .map((step) => ({ minimumThousandths: thousandths(step.minQuantity) ?? 0, priceCents: cents(step.price) ?? 0 }))
    .sort((a, b) => a.minimumThousandths - b.minimumThousandths);
  return {
    hidden: entry.hidden,
    priceCents,
    listPriceCents,
    minimumThousandths: Math.max(lotThousandths, thousandths(entry.minQuantity) ?? 0),
    incrementThousandths: thousandths(entry.increment),
    breaks,
  };
}

/** The unit price for an ordered quantity: the largest break at or below it, else the buyer's price. */
export function unitPriceCents(terms: ProductTerms, quantityThousandths: number): number | null {
  let price = terms.priceCents;
  for (const step of terms.breaks) if (step.minimumThousandths <= quantityThousandths) price = step.priceCents;
  return price;
}

const plainQuantity = (scaled: number) => formatScaled(scaled, 3).replace(/\.?0+$/, '');
/** '5 units', '1 unit', '2.5 lb': as quantities are written everywhere. */
const quantityWithUnit = (scaled: number, unitType: string) => formatQuantity(formatScaled(scaled, 3), unitType as UnitType);

/** Why a buyer cannot order this quantity on these terms, or null: hidden, under the minimum, or off the increment. */
/** A counted product (`unit`) is ordered in whole units, whoever orders it and however: the cart, the booth, the API. */
export function wholeUnitsProblem(product: Pick<PricedProduct, 'strainName' | 'unitType'>, quantityThousandths: number): string | null {
  return product.unitType === 'unit' && quantityThousandths % 1000 !== 0 ? `${product.strainName}: whole units only` : null;
}

export function quantityProblem(product: Pick<PricedProduct, 'strainName' | 'unitType'>, terms: ProductTerms, quantityThousandths: number): string | null {
  if (terms.hidden) return `${product.strainName} is not offered to you`;
  const wholeUnits = wholeUnitsProblem(product, quantityThousandths);
  if (wholeUnits) return wholeUnits;
  if (quantityThousandths < terms.minimumThousandths) return `${product.strainName}: the minimum order is ${quantityWithUnit(terms.minimumThousandths, product.unitType)}`;
  if (terms.incrementThousandths !== null && quantityThousandths % terms.incrementThousandths !== 0) {
    return `${product.strainName}: order in steps of ${quantityWithUnit(terms.incrementThousandths, product.unitType)}`;
  }
  return null;
}

/** The terms as a menu answer shows them to the buyer: decimal strings, and `listPrice` only when theirs differs. */
export function termsForDisplay(terms: ProductTerms): {
  pricePerUnit: string | null;
  listPrice?: string | null;
  minimumQuantity: string;
  quantityIncrement: string | null;
  priceBreaks: Array<{ minQuantity: string; price: string }>;
} {
  const price = terms.priceCents === null ? null : centsAsMoney(terms.priceCents);
  const differs = terms.priceCents !== terms.listPriceCents;
  return {
    pricePerUnit: price,
    ...(differs ? { listPrice: terms.listPriceCents === null ? null : centsAsMoney(terms.listPriceCents) } : {}),
    minimumQuantity: plainQuantity(terms.minimumThousandths),
    quantityIncrement: terms.incrementThousandths === null ? null : plainQuantity(terms.incrementThousandths),
    priceBreaks: terms.breaks.map((step) => ({ minQuantity: plainQuantity(step.minimumThousandths), price: centsAsMoney(step.priceCents) })),
  };
}
