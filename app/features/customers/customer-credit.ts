/** Each customer's credit with the seller: what their orders hold paid beyond what they bill, summed from the replica's orders. */
import { moneyCents } from '../../../sync/rules/decimal';
import type { Order } from '../../../sync/entities/order';
import { customerCredit } from '../../../sync/rules/order-payments';

/** The credit of each customer who has one, by customer id. */
export function creditsByCustomer(orders: Iterable<Order>): Map<string, string> {
  const byCustomer = new Map<string, Order[]>();
  for (const order of orders) byCustomer.set(order.customerId, [...(byCustomer.get(order.customerId) ?? []), order]);
  const credits = new Map<string, string>();
  for (const [customerId, theirs] of byCustomer) {
    const credit = customerCredit(theirs);
    if (moneyCents(credit) > 0) credits.set(customerId, credit);
  }
  return credits;
}
