/**
 * Getting paid: the rules the server decides with and the screens show before sending. Due dates, what is billed,
 * what is still owed, payment status, overdue, and the hold on fulfilling for a customer with an overdue balance.
 * Money in integer cents and quantities in thousandths all the way; decimal strings only at the edges.
 */
import { centsAsMoney, moneyCents, parseScaled, PRICE_RULE, QUANTITY_RULE } from './decimal';
import type { Customer, PaymentTerms } from '../entities/customer';
import { PAYMENT_TERM_DAYS } from '../entities/customer';
import type { Order, OrderLine, OrderStatus, PaymentStatus } from '../entities/order';
import { formatPrice } from './format-decimal';
import { lineTotalCents } from './order-request';
import type { OrderParty } from './order-states';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an order delivered at `deliveredAt` falls due under the customer's terms (`cod`: on delivery). */
export function dueDate(deliveredAt: string, terms: PaymentTerms): string {
  return new Date(Date.parse(deliveredAt) + PAYMENT_TERM_DAYS[terms] * DAY_MS).toISOString();
}

/** The quantity billed on a line: what was delivered once the delivery is recorded, else what was ordered. */
export function billedQuantity(line: Pick<OrderLine, 'quantity' | 'deliveredQuantity'>): string {
  return line.deliveredQuantity ?? line.quantity;
}

/** The line's total at its unit price for the billed quantity, rounded half up to the cent. */
export function billedLineTotal(line: Pick<OrderLine, 'quantity' | 'deliveredQuantity' | 'unitPrice'>): string {
  const quantity = parseScaled(billedQuantity(line), QUANTITY_RULE);
  const price = parseScaled(line.unitPrice, PRICE_RULE);
  return centsAsMoney(quantity.ok && price.ok ? lineTotalCents(price.scaled, quantity.scaled) : 0);
}

/**
 * The order's totals from its lines. The total equals the subtotal for now; it stays a separate figure so that
 * taxes, discounts or delivery fees can come between them without changing what anyone reads.
 */
export function orderTotals(lines: ReadonlyArray<Pick<OrderLine, 'quantity' | 'deliveredQuantity' | 'unitPrice'>>): { subtotal: string; total: string } {
  const subtotalCents = lines.reduce((sum, line) => sum + moneyCents(billedLineTotal(line)), 0);
  return { subtotal: centsAsMoney(subtotalCents), total: centsAsMoney(subtotalCents) };
}

/** An order's money; without its status, an order that stands (neither cancelled nor rejected). */
type Balance = Pick<Order, 'total' | 'amountPaid'> & { status?: OrderStatus };

/** What the order bills, in cents: its total, or nothing once it was cancelled or rejected. */
function billedCents(order: Balance): number {
  return order.status === 'cancelled' || order.status === 'rejected' ? 0 : moneyCents(order.total);
}

/** What is still owed: what the order bills less what was paid, never below nothing. */
export function amountDue(order: Balance): string {
  return centsAsMoney(Math.max(billedCents(order) - moneyCents(order.amountPaid), 0));
}

/**
 * What was paid beyond what the order bills: after a short delivery, an edit that lowered the total, or a
 * cancellation, that money stays recorded as the customer's credit with the seller, never silently absorbed.
 */
export function orderCredit(order: Balance): string {
  return centsAsMoney(Math.max(moneyCents(order.amountPaid) - billedCents(order), 0));
}

/** A customer's credit with the seller: what their orders hold beyond what they bill, together. */
export function customerCredit(orders: ReadonlyArray<Balance>): string {
  return centsAsMoney(orders.reduce((sum, order) => sum + moneyCents(orderCredit(order)), 0));
}

/**
 * What becomes of the credit on the order, in words for `reader` (the seller's side, or the buyer's); null when it
 * holds none. Asked of the order as it would be once cancelled, it says before cancelling what happens to the money.
 */
export function creditNote(order: Balance & Pick<Order, 'customerName' | 'sellerName'>, reader: OrderParty = 'seller'): string | null {
  const credit = moneyCents(orderCredit(order));
  if (credit === 0) return null;
  const paid = billedCents(order) === 0 ? 'paid on this order' : 'paid beyond its total';
  const whose = reader === 'buyer' ? `your credit with ${order.sellerName}` : `a credit for ${order.customerName}`;
  return `${formatPrice(centsAsMoney(credit))} ${paid} stays recorded as ${whose}.`;
}

/** Unpaid until the first payment, partial until nothing is owed, then paid. */
export function paymentStatusOf(order: Balance): PaymentStatus {
  if (moneyCents(amountDue(order)) === 0) return 'paid';
  return moneyCents(order.amountPaid) > 0 ? 'partial' : 'unpaid';
}

export type PaymentOutcome = { ok: true; amountPaid: string; paymentStatus: PaymentStatus } | { ok: false; message: string };

/** The order's balance after a payment of `amount` (a decimal string), or why it is refused: never more than is owed. */
export function applyPayment(order: Balance, amount: string): PaymentOutcome {
  const parsed = parseScaled(amount, PRICE_RULE);
  if (!parsed.ok || parsed.scaled <= 0) return { ok: false, message: 'Enter the amount received' };
  const owed = moneyCents(amountDue(order));
  if (owed === 0) return { ok: false, message: 'Nothing is owed on this order' };
  if (parsed.scaled > owed) return { ok: false, message: `That is more than the ${formatPrice(centsAsMoney(owed))} still owed` };
  const balance = { total: order.total, amountPaid: centsAsMoney(moneyCents(order.amountPaid) + parsed.scaled) };
  return { ok: true, amountPaid: balance.amountPaid, paymentStatus: paymentStatusOf(balance) };
}

/** The calendar day (UTC) of an instant, as due dates are read: an order is late from the day after its due date. */
const calendarDay = (instant: string | Date) => new Date(instant).toISOString().slice(0, 10);

/** Whether the order is past its due date with money still owed, as of `now`. Undelivered orders have no due date. */
export function isOverdue(order: Pick<Order, 'dueAt' | 'total' | 'amountPaid'>, now: Date): boolean {
  if (order.dueAt === null) return false;
  return calendarDay(now) > calendarDay(order.dueAt) && moneyCents(amountDue(order)) > 0;
}

/** 'SO-1', 'SO-1 and SO-2', 'SO-1, SO-2 and SO-3'. */
function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export type FulfilmentHold = { reason: 'overdue_balance'; message: string };

/**
 * Why an order for this customer cannot be fulfilled yet, or null: a customer marked to be held while overdue waits
 * until none of their other orders is overdue (as of `now`, from each order's due date and balance).
 */
export function fulfilmentHold(
  customer: Pick<Customer, 'name' | 'holdWhenOverdue'>,
  otherOrders: ReadonlyArray<Pick<Order, 'number' | 'dueAt' | 'total' | 'amountPaid'>>,
  now: Date,
): FulfilmentHold | null {
  if (!customer.holdWhenOverdue) return null;
  const overdue = otherOrders.filter((order) => isOverdue(order, now)).map((order) => order.number);
  if (overdue.length === 0) return null;
  const orders = overdue.length === 1 ? `order ${overdue[0]} is` : `orders ${listed(overdue)} are`;
  return {
    reason: 'overdue_balance',
    message: `${customer.name} is on hold: ${orders} overdue. Record the payment before fulfilling this order.`,
  };
}
