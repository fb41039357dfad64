/**
 * The orders export (GET /api/orders.csv): one row per order, for the seller's books. Money as plain decimals and
 * dates as YYYY-MM-DD so spreadsheets read them as numbers and dates; states in the words the screens use; whom each
 * order is billed to as its invoice says.
 */
import { csvFile } from '../../sync/csv-cells';
import type { Order } from '../../sync/entities/order';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../sync/order-labels';
import { amountDue } from '../../sync/order-payments';
import { streetOf, type BillTo } from '../../sync/postal-address';

export const ORDERS_CSV_COLUMNS = [
  'Number',
  'Date',
  'Customer',
  'Status',
  'Payment status',
  'Total',
  'Paid',
  'Due',
  'Due date',
  'Overdue',
  'Bill to',
  'Bill to street',
  'Bill to city',
  'Bill to state',
  'Bill to ZIP',
  'Bill to license',
  'Bill to phone',
] as const;

const day = (instant: string | null) => (instant === null ? '' : instant.slice(0, 10));

function billToCells(order: Order, billTo: BillTo | undefined): string[] {
  if (!billTo) return [order.customerName, '', '', '', '', '', ''];
  const { billing } = billTo;
  return [billTo.name, streetOf(billing), billing.city ?? '', billing.state ?? '', billing.zipCode ?? '', billTo.licenseNumber ?? '', billTo.phoneNumber ?? ''];
}

/** `billTos`: each order's bill-to by order id; an order without one is billed to its customer's name alone. */
export function ordersToCsv(orders: readonly Order[], billTos: ReadonlyMap<string, BillTo> = new Map()): string {
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
    ...billToCells(order, billTos.get(order.id)),
  ]);
  return csvFile(ORDERS_CSV_COLUMNS, rows);
}

export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
