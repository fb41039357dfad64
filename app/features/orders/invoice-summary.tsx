/**
 * An order's money at a glance: totals, what was paid, what is still owed and by when, whether it is late, and money
 * paid beyond what it bills, kept as the customer's credit.
 */
import { moneyCents } from '../../../sync/rules/decimal';
import { PAYMENT_TERM_LABELS } from '../../../sync/entities/customer';
import type { Order } from '../../../sync/entities/order';
import { PAYMENT_STATUS_LABELS } from '../../../sync/rules/order-labels';
import { amountDue, creditNote, orderCredit } from '../../../sync/rules/order-payments';
import type { OrderParty } from '../../../sync/rules/order-states';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatPrice } from '../../lib/format-price';

const STATUS_TONES: Record<Order['paymentStatus'], BadgeTone> = { unpaid: 'waiting', partial: 'info', paid: 'good' };
const DUE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export type InvoiceSummaryOrder = Pick<
  Order,
  'status' | 'subtotal' | 'total' | 'amountPaid' | 'paymentStatus' | 'paymentTerms' | 'dueAt' | 'overdue' | 'customerName' | 'sellerName'
>;

export function InvoiceSummary({ order, reader, invoiceHref }: { order: InvoiceSummaryOrder; reader: OrderParty; invoiceHref?: string }) {
  const credit = orderCredit(order);
  const note = creditNote(order, reader);
  const rows: Array<[string, string]> = [
    ['Subtotal', formatPrice(order.subtotal)],
    ['Total', formatPrice(order.total)],
    ['Paid', formatPrice(order.amountPaid)],
  ];
  return (
    <section aria-label="Invoice summary" className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONES[order.paymentStatus]}>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</Badge>
        {order.overdue && <Badge tone="bad">Overdue</Badge>}
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-right tabular-nums text-stone-900">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold text-stone-900">Amount due</dt>
        <dd className="text-right font-semibold tabular-nums text-stone-900">{formatPrice(amountDue(order))}</dd>
        {moneyCents(credit) > 0 && (
          <>
            <dt className="font-semibold text-stone-900">Credit</dt>
            <dd className="text-right font-semibold tabular-nums text-stone-900">{formatPrice(credit)}</dd>
          </>
        )}
      </dl>
      {note && <p className="text-sm text-stone-700">{note}</p>}
      <p className={order.overdue ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-600'}>
        {PAYMENT_TERM_LABELS[order.paymentTerms]}.{' '}
        {order.dueAt === null ? 'Due once delivered.' : `${order.overdue ? 'Was due' : 'Due'} ${DUE_FORMAT.format(new Date(order.dueAt))}.`}
      </p>
      {invoiceHref && (
        <a href={invoiceHref} download className="text-sm font-medium text-brand-800 underline underline-offset-2">
          Download the invoice (PDF)
        </a>
      )}
    </section>
  );
}
