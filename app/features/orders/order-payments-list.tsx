/** The payments recorded on an order, oldest first: how much, how it was paid, the day it was received and who recorded it. */
import type { Order } from '../../../sync/entities/order';
import { PAYMENT_METHOD_LABELS } from '../../../sync/rules/order-labels';
import { Card } from '../../components/ui/card';
import { formatPrice } from '../../lib/format-price';

/** A payment's day as the seller entered it: a calendar day, kept as midnight UTC. */
const RECEIVED = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function OrderPaymentsList({ order }: { order: Pick<Order, 'payments'> }) {
  return (
    <Card className="p-4">
      <h2 className="mb-2 font-semibold">Payments</h2>
      {order.payments.length === 0 ? (
        <p className="text-sm text-stone-600">No payment recorded yet.</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Payments">
          {order.payments.map((payment, index) => (
            <li key={payment.id || index} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-stone-100 pb-2 last:border-0 last:pb-0">
              <span className="font-medium tabular-nums text-stone-900">{formatPrice(payment.amount)}</span>
              <span className="text-stone-700">{PAYMENT_METHOD_LABELS[payment.method]}</span>
              <span className="basis-full text-stone-600">
                Received {RECEIVED.format(new Date(payment.receivedAt))} · recorded by {payment.byName}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
