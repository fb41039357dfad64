/**
 * Where the server's answer to an order differs from what the buyer's cart showed: a line's price or quantity, a
 * line it left out, the total, the payment terms. Said to the buyer once the order is answered.
 */
import type { UnitType } from '../contract/constants';
import type { Order, OrderQuote } from '../entities/order';
import { formatPrice, formatQuantity } from './format-decimal';
import { orderTotal } from './order-request';

const TERMS: Record<Order['paymentTerms'], string> = { cod: 'Cash on delivery', net7: 'Net 7', net15: 'Net 15', net30: 'Net 30' };

export function quoteDifferences(quote: OrderQuote, order: Pick<Order, 'lines' | 'total' | 'paymentTerms'>): string[] {
  const answered = new Map(order.lines.map((line) => [line.productId, line]));
  const said: string[] = [];
  for (const shown of quote.lines) {
    const line = answered.get(shown.productId);
    if (!line) said.push(`${shown.strainName} is not on the order`);
    else {
      if (line.quantity !== shown.quantity)
        said.push(`${shown.strainName}: ${formatQuantity(line.quantity, line.unitType as UnitType)}, not ${formatQuantity(shown.quantity, shown.unitType as UnitType)}`);
      if (line.unitPrice !== shown.unitPrice) said.push(`${shown.strainName}: ${formatPrice(line.unitPrice)}, not ${formatPrice(shown.unitPrice)}`);
    }
  }
  const shownTotal = orderTotal(quote.lines.map((line) => line.lineTotal));
  if (shownTotal !== null && shownTotal !== order.total) said.push(`Total: ${formatPrice(order.total)}, not ${formatPrice(shownTotal)}`);
  if (quote.paymentTerms !== order.paymentTerms) said.push(`Payment terms: ${TERMS[order.paymentTerms]}, not ${TERMS[quote.paymentTerms]}`);
  return said;
}
