/** Finding orders in a list: by status (or all still open), by number, the other party's name or a product's, and the overdue ones. */
import type { Order, OrderStatus } from '../../../sync/entities/order';

export const OPEN_STATUSES: readonly OrderStatus[] = ['submitted', 'awaiting_buyer', 'accepted', 'fulfilled'];

export type OrderFilter = { status: OrderStatus | 'open' | 'all'; search: string; overdueOnly: boolean };

export const NO_FILTER: OrderFilter = { status: 'all', search: '', overdueOnly: false };

/**
 * What is worked out once per set of orders, not again at each render or key: the orders newest first, and the text a
 * search looks in, made at the first search (or when the device is idle: `prepareSearch`), not before the first paint.
 */
type Prepared = { newestFirst: Order[]; texts: string[] | null };
const prepared = new WeakMap<ReadonlyMap<string, Order>, Prepared>();

function preparedOf(orders: ReadonlyMap<string, Order>): Prepared {
  let known = prepared.get(orders);
  if (!known) {
    const newestFirst = [...orders.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    prepared.set(orders, (known = { newestFirst, texts: null }));
  }
  return known;
}

function textsOf(known: Prepared): string[] {
  known.texts ??= known.newestFirst.map((order) => [order.number, order.customerName, order.sellerName, ...order.lines.map((line) => line.strainName)].join('\n').toLowerCase());
  return known.texts;
}

/** Makes the text a search of these orders looks in, so the first key finds it made. */
export function prepareSearch(orders: ReadonlyMap<string, Order>): void {
  textsOf(preparedOf(orders));
}

/** The orders that match, newest first: by status, overdue, and a search of the number, either party's name or a line's product. With no filter, the same list each time. */
export function filterOrders(orders: ReadonlyMap<string, Order>, filter: OrderFilter): Order[] {
  const known = preparedOf(orders);
  const words = filter.search.trim().toLowerCase();
  if (filter.status === 'all' && !filter.overdueOnly && !words) return known.newestFirst;
  const statusMatches = (order: Order) => filter.status === 'all' || (filter.status === 'open' ? OPEN_STATUSES.includes(order.status) : order.status === filter.status);
  const texts = words ? textsOf(known) : null;
  return known.newestFirst.filter((order, index) => statusMatches(order) && (!filter.overdueOnly || order.overdue) && (!texts || texts[index]!.includes(words)));
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

const columnOfStatus = new Map(BOARD_COLUMNS.flatMap((column, index) => column.statuses.map((status) => [status, index] as const)));
const columnsOfList = new WeakMap<readonly Order[], Order[][]>();

/** The orders of each board column (as BOARD_COLUMNS lists them), in the list's order: one pass, once per list. */
export function boardColumnsOf(orders: readonly Order[]): Order[][] {
  let columns = columnsOfList.get(orders);
  if (!columns) {
    columns = BOARD_COLUMNS.map(() => []);
    for (const order of orders) columns[columnOfStatus.get(order.status) ?? -1]?.push(order);
    columnsOfList.set(orders, columns);
  }
  return columns;
}
