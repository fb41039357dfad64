import { describe, expect, it } from 'vitest';
import type { Order } from '../../../sync/entities/order';
import { BOARD_COLUMNS, boardColumnsOf, filterOrders, NO_FILTER, prepareSearch } from './order-filter';

const order = (number: string, fields: Partial<Order>) =>
  ({
    id: number,
    number,
    customerName: 'Green Leaf Dispensary',
    sellerName: 'Hilltop Farms',
    status: 'submitted',
    overdue: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    lines: [],
    ...fields,
  }) as Order;

const orders = new Map(
  [
    order('SO-1001', { status: 'delivered', overdue: true, createdAt: '2026-10-01T10:00:00.000Z' }),
    order('SO-1002', { status: 'accepted', customerName: 'Canna Corner', lines: [{ strainName: 'Gelato #33' } as Order['lines'][number]] }),
    order('SO-1003', { status: 'rejected', createdAt: '2026-11-02T10:00:00.000Z' }),
  ].map((entry) => [entry.id, entry]),
);
const numbers = (list: Order[]) => list.map((item) => item.number);

describe('filterOrders', () => {
  it('lists every order newest first', () => {
    expect(numbers(filterOrders(orders, NO_FILTER))).toEqual(['SO-1003', 'SO-1002', 'SO-1001']);
  });

  it('filters by status, by the orders still open, and by overdue', () => {
    expect(numbers(filterOrders(orders, { ...NO_FILTER, status: 'rejected' }))).toEqual(['SO-1003']);
    expect(numbers(filterOrders(orders, { ...NO_FILTER, status: 'open' }))).toEqual(['SO-1002']);
    expect(numbers(filterOrders(orders, { ...NO_FILTER, overdueOnly: true }))).toEqual(['SO-1001']);
  });

  it('finds an order by its number or the customer, whatever the case', () => {
    expect(numbers(filterOrders(orders, { ...NO_FILTER, search: 'so-1001' }))).toEqual(['SO-1001']);
    expect(numbers(filterOrders(orders, { ...NO_FILTER, search: ' canna ' }))).toEqual(['SO-1002']);
  });

  it('finds an order by a product on it, whatever the case', () => {
    expect(numbers(filterOrders(orders, { ...NO_FILTER, search: 'GELATO #3' }))).toEqual(['SO-1002']);
  });

  it('finds the same orders whether the search was readied before the first key or not', () => {
    const others = new Map(orders);
    prepareSearch(others);
    expect(numbers(filterOrders(others, { ...NO_FILTER, search: 'canna' }))).toEqual(['SO-1002']);
  });
});

describe('boardColumnsOf', () => {
  it('puts each order in the column of its status, newest first, rejected and cancelled together under Closed', () => {
    const columns = boardColumnsOf(filterOrders(orders, NO_FILTER));
    const byTitle = Object.fromEntries(BOARD_COLUMNS.map((column, index) => [column.title, numbers(columns[index]!)]));
    expect(byTitle).toEqual({ New: [], 'Awaiting buyer': [], Accepted: ['SO-1002'], Fulfilled: [], Delivered: ['SO-1001'], Closed: ['SO-1003'] });
  });
});
