/**
 * When an order falls due and whether it is paid: the few money rules the order's life needs, kept in this one place
 * so the payment and invoice rules can take them over whole.
 */
import { PAYMENT_TERM_DAYS, type PaymentTerms } from '../../sync/entities/customer';
import type { PaymentStatus } from '../../sync/entities/order';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Delivery plus the customer's terms (`cod`: due on delivery). */
export function dueAtFor(deliveredAt: Date, terms: PaymentTerms): Date {
  return new Date(deliveredAt.getTime() + PAYMENT_TERM_DAYS[terms] * DAY_MS);
}

export function paymentStatusFor(totalCents: number, paidCents: number): PaymentStatus {
  if (paidCents <= 0) return 'unpaid';
  return paidCents >= totalCents ? 'paid' : 'partial';
}

/** Past its due date and not paid in full. */
export function isOverdue(order: { dueAt: Date | null; paymentStatus: PaymentStatus }, now: Date): boolean {
  return order.dueAt !== null && order.paymentStatus !== 'paid' && order.dueAt.getTime() < now.getTime();
}
