/**
 * One order line priced, by the rule the server (api/orders/order-lines.ts), the seller's order form and line editor
 * (app/features/orders/booth-lines.ts), the buyer's cart and order requests (sync/rules/priced-menu.ts) and the device's
 * optimistic apply of orders and order requests (sync/device/order-replica.ts, sync/device/replica.ts) share, so what a
 * form shows, what waits to send and what the server writes cannot disagree. A line already on the order keeps the
 * price it was given; a new one takes the price its terms give the quantity (quantity breaks included); the total is
 * the exact product rounded half up to the cent.
 */
import { centsAsMoney, formatScaled, moneyCents } from './decimal';
import type { OrderLine } from '../entities/order';
import type { Product } from '../entities/product';
import { lineTotalCents } from './order-request';
import { unitPriceCents, type ProductTerms } from './pricing';

/** What a line already on the order keeps: its price, and the list price it was given beside it. */
export type KeptLinePrice = Pick<OrderLine, 'unitPrice' | 'listPrice'>;

export type LinePrice = { unitPriceCents: number; lineTotalCents: number; unitPrice: string; listPrice: string | null; lineTotal: string };

/** The line's price and total for `quantityThousandths` on `terms`, or null when the product has no price. */
export function orderLinePrice(terms: ProductTerms, quantityThousandths: number, kept?: KeptLinePrice): LinePrice | null {
  const priceCents = kept ? moneyCents(kept.unitPrice) : unitPriceCents(terms, quantityThousandths);
  if (priceCents === null) return null;
  const totalCents = lineTotalCents(priceCents, quantityThousandths);
  return {
    unitPriceCents: priceCents,
    lineTotalCents: totalCents,
    unitPrice: centsAsMoney(priceCents),
    listPrice: kept ? kept.listPrice : terms.listPriceCents === null ? null : centsAsMoney(terms.listPriceCents),
    lineTotal: centsAsMoney(totalCents),
  };
}

/** The order line as it is written: the product's name and unit, the quantity in thousandths, and its price. */
export function orderLineOf(product: Pick<Product, 'id' | 'strainName' | 'unitType'>, quantityThousandths: number, price: LinePrice): OrderLine {
  return {
    productId: product.id,
    strainName: product.strainName,
    unitType: product.unitType,
    quantity: formatScaled(quantityThousandths, 3),
    unitPrice: price.unitPrice,
    listPrice: price.listPrice,
    lineTotal: price.lineTotal,
    deliveredQuantity: null,
  };
}
