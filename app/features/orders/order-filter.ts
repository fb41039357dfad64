/** Finding orders in a list: by status (or all still open), by number, the other party's name or a product's, and the overdue ones. */
import type { Order, OrderStatus } from '../../../sync/entities/order';

export const OPEN_STATUSES: readonly OrderStatus[] = ['submitted', 'awaiting_buyer', 'accepted', 'fulfilled'];

export type OrderFilter = { status: OrderStatus | 'open' | 'all'; search: string; overdueOnly: boolean };

export const NO_FILTER: OrderFilter = { status: 'all', search: '', overdueOnly: false };

/** The orders that match, newest first. */
export function filterOrders(orders: Iterable<Order>, filter: OrderFilter): Order[] {
  const words = filter.search.trim().toLowerCase();
  return [...orders]
    .filter((order) => filter.status === 'all' || (filter.status === 'open' ? OPEN_STATUSES.includes(order.status) : order.status === filter.status))
    .filter((order) => !filter.overdueOnly || order.overdue)
    .filter(
      (order) => !words || [order.number, order.customerName, order.sellerName, ...order.lines.map((line) => line.strainName)].some((text) => text.toLowerCase().includes(words)),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The seller's board: one column per step of an order's life, the ones that need them first. */
export const BOARD_COLUMNS: ReadonlyArray<{ title: string; statuses: readonly OrderStatus[] }> = [
  { title: 'New', statuses: ['submitted'] },
  { title: 'Awaiting buyer', statuses: ['awaiting_buyer'] },
  { title: 'Accepted', statuses: ['accepted'] },
  { title: 'Fulfilled', statuses: ['fulfilled'] },
  { title: 'Delivered', statuses: ['delivered'] },
  { title: 'Closed', statuses: ['rejected', 'cancelled'] },
];
