/**
 * The seller's orders at a glance, as the dashboard shows them from the device's orders (a rep's device holds only
 * their customers', so a rep sees their own figures): the open orders by where they stand, the money customers owe
 * on invoiced orders and how much of it is overdue, and this month's sales. Money in cents until the edge.
 */
import { centsAsMoney, moneyCents } from './decimal';
import type { Order, OrderStatus } from '../entities/order';
import { amountDue, isOverdue } from './order-payments';
import { isInvoiced } from './order-states';

/** The statuses of an order still under way, in the order it passes them. */
export const OPEN_ORDER_STATUSES = ['submitted', 'awaiting_buyer', 'accepted', 'fulfilled'] as const satisfies readonly OrderStatus[];
export type OpenOrderStatus = (typeof OPEN_ORDER_STATUSES)[number];

/** An amount (a decimal string) and how many orders make it up. */
export type MoneyFigure = { amount: string; orders: number };

export type OrderFigures = {
  open: Record<OpenOrderStatus, number>;
  /** What customers still owe on invoiced orders. */
  owed: MoneyFigure;
  /** Of that, what is past its due date. */
  overdue: MoneyFigure;
  /** The totals of the orders placed since the month began that were accepted (and neither rejected nor cancelled since). */
  monthSales: MoneyFigure;
};

type FigureOrder = Pick<Order, 'status' | 'total' | 'amountPaid' | 'dueAt' | 'createdAt'>;

const figure = () => ({ cents: 0, orders: 0 });
const add = (sum: { cents: number; orders: number }, cents: number) => {
  sum.cents += cents;
  sum.orders += 1;
};
const money = (sum: { cents: number; orders: number }): MoneyFigure => ({ amount: centsAsMoney(sum.cents), orders: sum.orders });

/** The figures as of `now`; `monthStart`: when the seller's month began, in their own time zone. */
export function orderFigures(orders: Iterable<FigureOrder>, now: Date, monthStart: Date): OrderFigures {
  const open: Record<OpenOrderStatus, number> = { submitted: 0, awaiting_buyer: 0, accepted: 0, fulfilled: 0 };
  const [owed, overdue, monthSales] = [figure(), figure(), figure()];
  for (const order of orders) {
    if ((OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) open[order.status as OpenOrderStatus] += 1;
    if (!isInvoiced(order)) continue;
    const due = moneyCents(amountDue(order));
    if (due > 0) add(owed, due);
    if (isOverdue(order, now)) add(overdue, due);
    if (Date.parse(order.createdAt) >= monthStart.getTime()) add(monthSales, moneyCents(order.total));
  }
  return { open, owed: money(owed), overdue: money(overdue), monthSales: money(monthSales) };
}

/** The first instant of `now`'s month on this device's clock. */
export function startOfMonth(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), 1);
}
