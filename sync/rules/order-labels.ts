/** An order's states and payments in the words the screens, the invoice and the export use. */
import type { Order, OrderStatus, PaymentStatus } from '../entities/order';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  submitted: 'Submitted',
  accepted: 'Accepted',
  rejected: 'Rejected',
  fulfilled: 'Fulfilled',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  awaiting_buyer: "Awaiting buyer's approval",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { unpaid: 'Unpaid', partial: 'Partly paid', paid: 'Paid' };

/** How a payment was made. */
export const PAYMENT_METHOD_LABELS: Record<Order['payments'][number]['method'], string> = {
  cash: 'Cash',
  check: 'Check',
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  card: 'Card',
  other: 'Other',
};
