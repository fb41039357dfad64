/**
 * The orders export (GET /api/orders.csv): one row per order, for the seller's books. Money as plain decimals and
 * dates as YYYY-MM-DD so spreadsheets read them as numbers and dates; states in the words the screens use.
 */
import { csvFile } from '../../sync/csv-cells';
import type { Order } from '../../sync/entities/order';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../sync/order-labels';
import { amountDue } from '../../sync/order-payments';

export const ORDERS_CSV_COLUMNS = ['Number', 'Date', 'Customer', 'Status', 'Payment status', 'Total', 'Paid', 'Due', 'Due date', 'Overdue'] as const;

const day = (instant: string | null) => (instant === null ? '' : instant.slice(0, 10));

export function ordersToCsv(orders: readonly Order[]): string {
  const rows = orders.map((order) => [
    order.number,
    day(order.createdAt),
    order.customerName,
    ORDER_STATUS_LABELS[order.status],
    PAYMENT_STATUS_LABELS[order.paymentStatus],
    order.total,
    order.amountPaid,
    amountDue(order),
    day(order.dueAt),
    order.overdue ? 'Yes' : 'No',
  ]);
  return csvFile(ORDERS_CSV_COLUMNS, rows);
}

export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
