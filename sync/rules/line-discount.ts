/**
 * What an order line's price list or quantity break took off the list price, as the invoice shows it. Lines keep the
 * list price of the moment they were priced beside the price charged (`listPrice` and `unitPrice`), so the discount
 * is theirs for good, whatever the list says later.
 */
import { centsAsMoney, moneyCents } from './decimal';
import type { OrderLine } from '../entities/order';

/**
 * The discount per unit ('150.00'), or null when there is none: the line was charged its list price (or more), or
 * it kept no list price (a product without one).
 */
export function unitDiscount(line: Pick<OrderLine, 'unitPrice' | 'listPrice'>): string | null {
  if (line.listPrice === null) return null;
  const off = moneyCents(line.listPrice) - moneyCents(line.unitPrice);
  return off > 0 ? centsAsMoney(off) : null;
}
