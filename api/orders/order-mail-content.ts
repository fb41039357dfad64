/**
 * What an order's email says at each step, for each side that reads it: what happened in a sentence (also the push's
 * body), what it changed (the lines an edit changed, the lines a delivery fell short on, the payment and what is still
 * due), then the order's lines, its total and its note. Money and dates as people write them ('$18,615.00',
 * 'December 13, 2026').
 */
import { moneyCents } from '../../sync/rules/decimal';
import type { Order, OrderLine } from '../../sync/entities/order';
import { formatPrice } from '../../sync/rules/format-decimal';
import { deliveredShort, latestLineChanges, lineChangeText, lineQuantity, shortDeliveries } from '../../sync/rules/order-changes';
import { amountDue, billedLineTotal, creditNote } from '../../sync/rules/order-payments';
import type { OrderParty } from '../../sync/rules/order-states';
import type { MailBlock } from '../mail/templates/layout';

export type OrderStep = 'submitted' | 'accepted' | 'rejected' | 'cancelled' | 'changed' | 'approved' | 'fulfilled' | 'delivered' | 'paid';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** '2026-12-13T…' → 'December 13, 2026': due dates and payments are calendar days (UTC), as `isOverdue` reads them. */
export const longDate = (instant: string) => LONG_DATE.format(new Date(instant));

/** Who made the step, and who reads about it. */
export type OrderNewsView = { step: OrderStep; actedBy: OrderParty; reader: OrderParty };

export type OrderMailText = { subject: string; headline: string; blocks: MailBlock[] };

/** 'Gelato: 4 oz × $12.50 = $50.00'; once delivered short, 'Gelato: 3 oz delivered of 4 oz × $12.50 = $37.50'. */
function lineText(line: OrderLine): string {
  const ordered = lineQuantity(line.quantity, line.unitType);
  const quantity = deliveredShort(line) ? `${lineQuantity(line.deliveredQuantity!, line.unitType)} delivered of ${ordered}` : ordered;
  return `${line.strainName}: ${quantity} × ${formatPrice(line.unitPrice)} = ${formatPrice(billedLineTotal(line))}`;
}

/** Money paid beyond what the order now bills, said wherever a step leaves some (a cancellation, a lower total). */
const credit = (order: Order, reader: OrderParty) => {
  const note = creditNote(order, reader);
  return note ? ` ${note}` : '';
};

function submittedHeadline(order: Order, view: OrderNewsView): string {
  const total = formatPrice(order.total);
  if (view.actedBy === 'buyer') {
    return view.reader === 'buyer'
      ? `${order.sellerName} received your order ${order.number}, placed ${longDate(order.createdAt)}, total ${total}. You will hear when they accept or reject it.`
      : `${order.customerName} placed order ${order.number} with ${order.sellerName}, total ${total}.`;
  }
  const accepted = order.status === 'accepted' ? ' and accepted it' : '';
  return `${order.sellerName} wrote order ${order.number} for ${order.customerName}${accepted}, total ${total}.`;
}

function paidHeadline(order: Order): string {
  const payment = order.payments.at(-1);
  const due = amountDue(order);
  const received = payment
    ? `A payment of ${formatPrice(payment.amount)} on order ${order.number} was received ${longDate(payment.receivedAt)}`
    : `A payment on order ${order.number} was recorded`;
  return moneyCents(due) > 0 ? `${received}; ${formatPrice(due)} is still due.` : `${received}; the order is paid in full.`;
}

function deliveredHeadline(order: Order, reader: OrderParty): string {
  const delivered = `Order ${order.number} was delivered${order.deliveredAt ? ` ${longDate(order.deliveredAt)}` : ''}`;
  const due = amountDue(order);
  const payment = order.dueAt && moneyCents(due) > 0 ? `; payment of ${formatPrice(due)} is due ${longDate(order.dueAt)}` : '';
  return `${delivered}${payment}.${credit(order, reader)}`;
}

function changedHeadline(order: Order, reader: OrderParty): string {
  const waits = order.status !== 'awaiting_buyer' ? '' : reader === 'buyer' ? ' It waits for your approval.' : ' It waits for the buyer to approve the change.';
  return `${order.sellerName} changed the lines of order ${order.number}; the total is now ${formatPrice(order.total)}.${waits}${credit(order, reader)}`;
}

const HEADLINES: Record<OrderStep, (order: Order, view: OrderNewsView) => string> = {
  submitted: submittedHeadline,
  accepted: (order) => `${order.sellerName} accepted order ${order.number}, total ${formatPrice(order.total)}.`,
  rejected: (order) => `${order.sellerName} rejected order ${order.number}${order.history.at(-1)?.reason ? `: ${order.history.at(-1)!.reason}` : '.'}`,
  cancelled: (order, view) => `Order ${order.number} was cancelled by ${view.actedBy === 'buyer' ? order.customerName : order.sellerName}.${credit(order, view.reader)}`,
  changed: (order, view) => changedHeadline(order, view.reader),
  approved: (order) => `${order.customerName} approved the change to order ${order.number}.`,
  fulfilled: (order) => `Order ${order.number} is packed and on its way.`,
  delivered: (order, view) => deliveredHeadline(order, view.reader),
  paid: paidHeadline,
};

/** What the step changed, when it changed more than a status. */
function changesOf(order: Order, step: OrderStep): MailBlock[] {
  if (step === 'changed') {
    const changes = latestLineChanges(order.history).map(lineChangeText);
    return changes.length > 0 ? ['What changed:', { items: changes }] : [];
  }
  if (step === 'delivered') {
    const short = shortDeliveries(order.lines);
    return short.length > 0 ? ['Delivered short:', { items: short }] : [];
  }
  return [];
}

function subjectOf(order: Order, view: OrderNewsView): string {
  if (view.step === 'submitted' && view.reader === 'buyer' && view.actedBy === 'buyer') return `Your order ${order.number} was received`;
  const step = view.step === 'submitted' && order.status === 'accepted' ? 'accepted' : view.step;
  return `Order ${order.number} ${step}`;
}

export function orderMailText(order: Order, view: OrderNewsView): OrderMailText {
  const headline = HEADLINES[view.step](order, view);
  const note: MailBlock[] = order.note ? ['Note:', { quote: order.note }] : [];
  return {
    subject: subjectOf(order, view),
    headline,
    blocks: [headline, ...changesOf(order, view.step), `Order ${order.number}:`, { items: order.lines.map(lineText) }, `Total: ${formatPrice(order.total)}`, ...note],
  };
}
