/**
 * The orders export (GET /api/orders.csv): one row per order, for the seller's books. Money as plain decimals and
 * dates as YYYY-MM-DD so spreadsheets read them as numbers and dates; states in the words the screens use.
 */
// papaparse is CommonJS whose exports Node cannot name on import: its default export is the whole module.
import Papa from 'papaparse';
import type { Order } from '../../sync/entities/order';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../sync/order-labels';
import { amountDue } from '../../sync/order-payments';

export const ORDERS_CSV_COLUMNS = ['Number', 'Date', 'Customer', 'Status', 'Payment status', 'Total', 'Paid', 'Due', 'Due date', 'Overdue'] as const;

/**
 * Spreadsheet apps run cells that start with = + - @ as formulas, and customer names are typed by people. Such
 * cells get a leading apostrophe, except plain numbers, which can do no harm.
 */
const FORMULA_CELL = /^[=+\-@\t\r](?![\d\s().+-]*$)/;

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
  const csv = Papa.unparse({ fields: [...ORDERS_CSV_COLUMNS], data: rows }, { newline: '\r\n', escapeFormulae: FORMULA_CELL });
  // Every row ends its line, as text tools expect; papaparse already ends the header alone with one.
  return csv.endsWith('\r\n') ? csv : `${csv}\r\n`;
}

export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
