/**
 * A public menu as one buyer sees it: priced by the list that applies to them (see `pricing.ts`), without the
 * products the list hides. The server prices the menu answer and the buyer's saved copy with it; the device reads the
 * terms back from the priced products to check a quantity as it is typed.
 */
import { PRICE_RULE, QUANTITY_RULE, parseScaled, type DecimalRule } from './decimal';
import type { PriceListEntry } from './entities/price-list';
import type { PublicMenu } from './entities/public-menu';
import { entriesByProduct, productTerms, termsForDisplay, type ProductTerms } from './pricing';

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
