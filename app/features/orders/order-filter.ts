/** Finding orders in a list: by status (or all still open), by number, the other party's name or a product's, and the overdue ones. */
import type { Order, OrderStatus } from '../../../sync/entities/order';

export const OPEN_STATUSES: readonly OrderStatus[] = ['submitted', 'awaiting_buyer', 'accepted', 'fulfilled'];

export type OrderFilter = { status: OrderStatus | 'open' | 'all'; search: string; overdueOnly: boolean };

export const NO_FILTER: OrderFilter = { status: 'all', search: '', overdueOnly: false };

type Searchable = { order: Order; text: string };

/** Each set of orders newest first, with the text a search looks in: worked out once per set, not again at each key. */
const searchables = new WeakMap<ReadonlyMap<string, Order>, Searchable[]>();

function searchableOf(orders: ReadonlyMap<string, Order>): Searchable[] {
  const known = searchables.get(orders);
  if (known) return known;
  const made = [...orders.values()]
    .map((order) => ({ order, text: [order.number, order.customerName, order.sellerName, ...order.lines.map((line) => line.strainName)].join('\n').toLowerCase() }))
    .sort((a, b) => (a.order.createdAt < b.order.createdAt ? 1 : a.order.createdAt > b.order.createdAt ? -1 : 0));
  searchables.set(orders, made);
  return made;
}

/** The orders that match, newest first: by status, overdue, and a search of the number, either party's name or a line's product. */
export function filterOrders(orders: ReadonlyMap<string, Order>, filter: OrderFilter): Order[] {
  const words = filter.search.trim().toLowerCase();
  const statusMatches = (order: Order) => filter.status === 'all' || (filter.status === 'open' ? OPEN_STATUSES.includes(order.status) : order.status === filter.status);
  return searchableOf(orders)
    .filter(({ order, text }) => statusMatches(order) && (!filter.overdueOnly || order.overdue) && (!words || text.includes(words)))
    .map(({ order }) => order);
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
