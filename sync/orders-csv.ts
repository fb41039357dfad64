/**
 * The orders export, one row per order for the books: made on the device from the orders a list shows (so it works
 * with no signal) and by the server for GET /api/orders.csv. Money as plain decimals and dates as YYYY-MM-DD so
 * spreadsheets read them as numbers and dates; states in the words the screens use; the other party by name.
 */
import { csvFile } from './csv-cells';
import type { Order } from './entities/order';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './order-labels';
import { amountDue } from './order-payments';
import type { OrderParty } from './order-states';

/** The columns for the seller's books; the buyer's name the seller in the third. */
export const ORDERS_CSV_COLUMNS = ['Number', 'Date', 'Customer', 'Status', 'Payment status', 'Total', 'Paid', 'Due', 'Due date', 'Overdue'] as const;

const day = (instant: string | null) => (instant === null ? '' : instant.slice(0, 10));

export function ordersToCsv(orders: readonly Order[], reader: OrderParty = 'seller'): string {
  const header = ORDERS_CSV_COLUMNS.map((column) => (column === 'Customer' && reader === 'buyer' ? 'Seller' : column));
  const rows = orders.map((order) => [
    order.number,
    day(order.createdAt),
    reader === 'seller' ? order.customerName : order.sellerName,
    ORDER_STATUS_LABELS[order.status],
    PAYMENT_STATUS_LABELS[order.paymentStatus],
    order.total,
    order.amountPaid,
    amountDue(order),
    day(order.dueAt),
    order.overdue ? 'Yes' : 'No',
  ]);
  return csvFile(header, rows);
}

export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
