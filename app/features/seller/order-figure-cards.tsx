/**
 * The seller's orders and money on the dashboard, from the device's orders (so they show offline, and a rep sees
 * those of their own customers only): the open orders by where they stand, what customers owe and how much of it is
 * overdue, and this month's sales. Each card opens the Orders board.
 */
import type { ReactNode } from 'react';
import type { Order } from '../../../sync/entities/order';
import { orderFigures, startOfMonth, type MoneyFigure, type OpenOrderStatus } from '../../../sync/rules/order-figures';
import { Section } from '../../components/page/page-header';
import { Link } from '../../lib/router';
import { formatPrice } from '../../lib/format-price';

/** The open statuses as the Orders board's columns name them. */
const OPEN_LABELS: Record<OpenOrderStatus, string> = { submitted: 'New', awaiting_buyer: 'Awaiting buyer', accepted: 'Accepted', fulfilled: 'Fulfilled' };

const ordersCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'order' : 'orders'}`;

function FigureCard({ label, value, tone = 'plain', children }: { label: string; value: string; tone?: 'plain' | 'bad'; children: ReactNode }) {
  return (
    <Link to="/orders" className="block rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:bg-stone-50">
      <p className="text-sm text-stone-600">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${tone === 'bad' ? 'text-red-700' : 'text-stone-900'}`}>{value}</p>
      <div className="mt-1 text-sm text-stone-600">{children}</div>
    </Link>
  );
}

const moneyCard = (label: string, figure: MoneyFigure, tone: 'plain' | 'bad' = 'plain') => (
  <FigureCard label={label} value={formatPrice(figure.amount)} tone={figure.orders > 0 ? tone : 'plain'}>
    {ordersCount(figure.orders)}
  </FigureCard>
);

export function OrderFigureCards({ orders, now = new Date() }: { orders: Iterable<Order>; now?: Date }) {
  const figures = orderFigures(orders, now, startOfMonth(now));
  const open = Object.values(figures.open).reduce((sum, count) => sum + count, 0);
  return (
    <Section id="orders-and-money" title="Orders and money">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard label="Open orders" value={open.toLocaleString()}>
          <dl className="flex flex-wrap gap-x-3">
            {(Object.keys(OPEN_LABELS) as OpenOrderStatus[]).map((status) => (
              <div key={status} className="flex gap-1">
                <dt>{OPEN_LABELS[status]}</dt>
                <dd className="font-medium tabular-nums text-stone-900">{figures.open[status]}</dd>
              </div>
            ))}
          </dl>
        </FigureCard>
        {moneyCard('Money owed', figures.owed)}
        {moneyCard('Overdue', figures.overdue, 'bad')}
        {moneyCard('Sales this month', figures.monthSales)}
      </div>
    </Section>
  );
}
