/** The pieces both parties' order screens share: status badges, a list of orders, the lines and the timeline. */
import { useState } from 'react';
import { Link } from '../../lib/router';
import type { UnitType } from '../../../sync/contract/constants';
import type { Order } from '../../../sync/entities/order';
import { historyEntryTitle, lineChangeText } from '../../../sync/rules/order-changes';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../../sync/rules/order-labels';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatPrice, formatQuantity } from '../../lib/format-price';

const STATUS_TONES: Record<Order['status'], BadgeTone> = {
  submitted: 'waiting',
  awaiting_buyer: 'waiting',
  accepted: 'good',
  fulfilled: 'info',
  delivered: 'good',
  rejected: 'bad',
  cancelled: 'neutral',
};
const PAYMENT_TONES: Record<Order['paymentStatus'], BadgeTone> = { unpaid: 'neutral', partial: 'info', paid: 'good' };
const WHEN = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Where an order stands on this device: still in the outbox, or refused by the server and kept here. */
export type SendState = 'waiting' | 'needs_attention' | null;

export function OrderBadges({ order, sendState }: { order: Order; sendState: SendState }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {sendState === 'waiting' && <Badge tone="waiting">Waiting to send</Badge>}
      {sendState === 'needs_attention' && <Badge tone="bad">Needs attention</Badge>}
      {!sendState && <Badge tone={STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>}
      {!sendState && order.status !== 'rejected' && order.status !== 'cancelled' && (
        <Badge tone={PAYMENT_TONES[order.paymentStatus]}>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</Badge>
      )}
      {order.overdue && <Badge tone="bad">Overdue</Badge>}
      {!sendState && order.buyerTeamId === null && <Badge tone="neutral">Not shared with the customer</Badge>}
    </span>
  );
}

/** A list of orders: number, the other party, where it stands, and its total; each opens its page. */
export function OrdersTable({ orders, party, sendStateOf }: { orders: Order[]; party: 'buyer' | 'seller'; sendStateOf: (order: Order) => SendState }) {
  return (
    <ul className="grid gap-2" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id}>
          <Link to={`/orders/${order.id}`} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 rounded-lg border border-stone-200 bg-white p-3 hover:bg-stone-50">
            <span className="font-semibold text-stone-900">
              {order.number || 'New order'} · {party === 'buyer' ? order.sellerName : order.customerName}
            </span>
            <span className="text-right font-semibold tabular-nums">{formatPrice(order.total)}</span>
            <OrderBadges order={order} sendState={sendStateOf(order)} />
            <span className="text-right text-sm text-stone-600">{WHEN.format(new Date(order.createdAt))}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A long list of orders a page at a time, the first ones first: drawing thousands of rows at once froze a phone for
 * minutes (bench/README.md, the distributor's phone), and nobody reads past the first screens without searching.
 */
export function PagedOrders({ orders, pageSize, ...table }: Parameters<typeof OrdersTable>[0] & { pageSize: number }) {
  const [shown, setShown] = useState(pageSize);
  const more = Math.min(orders.length - shown, pageSize);
  return (
    <>
      <OrdersTable orders={orders.slice(0, shown)} {...table} />
      {more > 0 && (
        <Button variant="outline" onClick={() => setShown(shown + pageSize)}>
          Show {more} more
        </Button>
      )}
    </>
  );
}

/**
 * The lines as ordered, with what was delivered once it was. A number never wraps, so a quantity never runs into its
 * price; on a phone each product's name takes a row of its own above its figures and a quantity's unit may go under
 * its number, so every column, Total included, fits a 390 px screen; a struck list price stands above the price. A
 * table still too wide scrolls inside its own labelled region, which the keyboard can reach.
 */
export function OrderLines({ order }: { order: Order }) {
  const delivered = order.lines.some((line) => line.deliveredQuantity !== null);
  const figure = 'py-2 pl-3 text-right tabular-nums sm:whitespace-nowrap';
  const figures = delivered ? 4 : 3;
  return (
    <div role="region" aria-label="Order lines" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700">
      <table className="w-full text-sm">
        <thead className="text-left text-stone-600">
          <tr>
            <th className="py-1 font-medium max-sm:hidden">Product</th>
            <th className="py-1 pl-3 text-right font-medium">Ordered</th>
            {delivered && <th className="py-1 pl-3 text-right font-medium">Delivered</th>}
            <th className="py-1 pl-3 text-right font-medium">Unit price</th>
            <th className="py-1 pl-3 text-right font-medium">Total</th>
          </tr>
        </thead>
        {order.lines.map((line) => {
          // The line keeps the unit as it was written when ordered, one of the product units.
          const unit = line.unitType as UnitType;
          return (
            <tbody key={line.productId} className="border-t border-stone-100">
              <tr className="sm:hidden">
                <td colSpan={figures} className="pt-2 break-words">
                  {line.strainName}
                </td>
              </tr>
              <tr>
                <td className="py-2 break-words max-sm:hidden">{line.strainName}</td>
                <td className={figure}>
                  <Quantity text={formatQuantity(line.quantity, unit)} />
                </td>
                {delivered && <td className={figure}>{line.deliveredQuantity === null ? '—' : <Quantity text={formatQuantity(line.deliveredQuantity, unit)} />}</td>}
                <td className={`${figure} whitespace-nowrap`}>
                  {line.listPrice && line.listPrice !== line.unitPrice && <s className="block text-stone-500">{formatPrice(line.listPrice)}</s>}
                  {formatPrice(line.unitPrice)}
                </td>
                <td className={`${figure} whitespace-nowrap`}>{formatPrice(line.lineTotal)}</td>
              </tr>
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** A quantity whose number never breaks; its unit may go to the next line where the column is narrow. */
function Quantity({ text }: { text: string }) {
  const space = text.indexOf(' ');
  if (space < 0) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, space)}</span> {text.slice(space + 1)}
    </>
  );
}

/** Each step the order took (its moves, the seller's edits of the lines with what they changed, the payments), who took it and when, oldest first. */
export function OrderTimeline({ order, waiting = false }: { order: Order; waiting?: boolean }) {
  return (
    <ol className="grid gap-2 text-sm" aria-label="Timeline">
      {order.history.map((step, index) => (
        <li key={`${step.at}-${index}`} className="border-l-2 border-brand-200 pl-3">
          {/* Nothing was submitted while the order is still on this device. */}
          <p className="font-medium text-stone-900">{waiting && index === 0 ? 'Waiting to send' : historyEntryTitle(step)}</p>
          {step.lineChanges && step.lineChanges.length > 0 && (
            <ul className="text-stone-700" aria-label="What changed">
              {step.lineChanges.map((change) => (
                <li key={change.productId}>{lineChangeText(change)}</li>
              ))}
            </ul>
          )}
          <p className="text-stone-600">
            {WHEN.format(new Date(step.at))} · {step.byName}
          </p>
          {step.reason && <p className="text-stone-700">“{step.reason}”</p>}
        </li>
      ))}
    </ol>
  );
}
