/**
 * The orders export, one row per order for the books: made on the device from the orders a list shows (so it works
 * with no signal) and by the server for GET /api/orders.csv. Money as plain decimals and dates as YYYY-MM-DD so
 * spreadsheets read them as numbers and dates; states in the words the screens use; the other party by name, and in
 * the seller's books whom each order is billed to, as its invoice says.
 */
import { csvFile } from './csv-cells';
import type { Order } from '../entities/order';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './order-labels';
import { amountDue } from './order-payments';
import type { OrderParty } from './order-states';
import { streetOf, type BillTo } from './postal-address';

/** The columns for the seller's books; the buyer's name the seller in the third. */
export const ORDERS_CSV_COLUMNS = ['Number', 'Date', 'Customer', 'Status', 'Payment status', 'Total', 'Paid', 'Due', 'Due date', 'Overdue'] as const;
/** The seller's books also say whom each order is billed to. */
export const BILL_TO_COLUMNS = ['Bill to', 'Bill to street', 'Bill to city', 'Bill to state', 'Bill to ZIP', 'Bill to license', 'Bill to phone'] as const;

const day = (instant: string | null) => (instant === null ? '' : instant.slice(0, 10));

function billToCells(order: Order, billTo: BillTo | undefined): string[] {
  if (!billTo) return [order.customerName, '', '', '', '', '', ''];
  const { billing } = billTo;
  return [billTo.name, streetOf(billing), billing.city ?? '', billing.state ?? '', billing.zipCode ?? '', billTo.licenseNumber ?? '', billTo.phoneNumber ?? ''];
}

/** `billTos`: whom each order is billed to, by order id (the seller's export; an order without one is billed to its customer's name). */
export function ordersToCsv(orders: readonly Order[], reader: OrderParty = 'seller', billTos: ReadonlyMap<string, BillTo> = new Map()): string {
  const seller = reader === 'seller';
  const header = [...ORDERS_CSV_COLUMNS.map((column) => (column === 'Customer' && !seller ? 'Seller' : column)), ...(seller ? BILL_TO_COLUMNS : [])];
  const rows = orders.map((order) => [
    order.number,
    day(order.createdAt),
    seller ? order.customerName : order.sellerName,
    ORDER_STATUS_LABELS[order.status],
    PAYMENT_STATUS_LABELS[order.paymentStatus],
    order.total,
    order.amountPaid,
    amountDue(order),
    day(order.dueAt),
    order.overdue ? 'Yes' : 'No',
    ...(seller ? billToCells(order, billTos.get(order.id)) : []),
  ]);
  return csvFile(header, rows);
}

export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
