/**
 * Which orders a device keeps (docs/decisions/018-a-working-set-of-orders.md): every open order, and those closed within the last
 * `ORDER_WORKING_SET_DAYS` (or the window chosen for the device). Older ones stay on the server and come a page at a time when online. The server's pull
 * and the device's pruning both decide with these, so the two never disagree about what a device holds.
 */
import type { KeptClosedOrderDays, Order, OrderStatus, PaymentStatus } from '../entities/order';
import { moneyCents } from './decimal';
import { orderCredit } from './order-payments';

/** How long a closed order stays on the device after its last change, unless the person chose another window for it. */
export const ORDER_WORKING_SET_DAYS: KeptClosedOrderDays = 90;

/** Statuses that close an order whatever was paid. */
export const CLOSED_STATUSES = ['rejected', 'cancelled'] as const satisfies readonly OrderStatus[];
/** The status that closes an order once it is paid in full. */
export const CLOSED_WHEN_PAID: OrderStatus = 'delivered';
export const PAID: PaymentStatus = 'paid';

const DAY_MS = 24 * 60 * 60 * 1000;

type Closable = Pick<Order, 'status' | 'paymentStatus' | 'total' | 'amountPaid'>;

/**
 * Nothing more will happen to it: refused, called off, or delivered and paid, and it holds none of the customer's
 * money beyond what it bills (that credit is still the customer's, and the customer book adds it up).
 */
export function isOrderClosed(order: Closable): boolean {
  const ended = (CLOSED_STATUSES as readonly OrderStatus[]).includes(order.status) || (order.status === CLOSED_WHEN_PAID && order.paymentStatus === PAID);
  return ended && moneyCents(orderCredit(order)) === 0;
}

/** The oldest last change a closed order may have and stay on the device at `now`. */
export function workingSetCutoff(now: Date, days: number = ORDER_WORKING_SET_DAYS): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** Whether the device keeps the order at `now`: open, or closed and changed since the cutoff. */
export function inOrderWorkingSet(order: Closable & Pick<Order, 'updatedAt'>, now: Date, days: number = ORDER_WORKING_SET_DAYS): boolean {
  return !isOrderClosed(order) || order.updatedAt >= workingSetCutoff(now, days);
}
