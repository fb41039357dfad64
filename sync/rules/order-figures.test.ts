import { describe, expect, it } from 'vitest';
import type { Order } from '../entities/order';
import { orderFigures, startOfMonth } from './order-figures';

const NOW = new Date('2026-12-13T15:00:00.000Z');
const MONTH_START = new Date('2026-12-01T00:00:00.000Z');

const order = (fields: Partial<Order>) => ({ status: 'accepted', total: '100.00', amountPaid: '0.00', dueAt: null, createdAt: '2026-12-02T10:00:00.000Z', ...fields }) as Order;

describe("the seller's order figures", () => {
  it('count the open orders by where they stand', () => {
    const orders = [
      order({ status: 'submitted' }),
      order({ status: 'submitted' }),
      order({ status: 'awaiting_buyer' }),
      order({ status: 'fulfilled' }),
      order({ status: 'delivered' }),
    ];
    expect(orderFigures(orders, NOW, MONTH_START).open).toEqual({ submitted: 2, awaiting_buyer: 1, accepted: 0, fulfilled: 1 });
  });

  it('add up what is owed on invoiced orders, and what of it is overdue, exactly', () => {
    const orders = [
      order({ status: 'delivered', total: '18615.10', amountPaid: '0.05', dueAt: '2026-12-01T00:00:00.000Z' }),
      order({ status: 'accepted', total: '0.20', amountPaid: '0.00' }),
      order({ status: 'delivered', total: '50.00', amountPaid: '50.00', dueAt: '2026-12-01T00:00:00.000Z' }),
      // Not yet accepted, or closed: nobody owes anything on it.
      order({ status: 'submitted', total: '999.00' }),
      order({ status: 'cancelled', total: '999.00', amountPaid: '0.00' }),
    ];
    const figures = orderFigures(orders, NOW, MONTH_START);
    expect(figures.owed).toEqual({ amount: '18615.25', orders: 2 });
    expect(figures.overdue).toEqual({ amount: '18615.05', orders: 1 });
  });

  it("count this month's accepted orders as sales, and none placed before it or rejected", () => {
    const orders = [
      order({ total: '10.10' }),
      order({ status: 'delivered', total: '20.20' }),
      order({ total: '500.00', createdAt: '2026-11-30T23:59:59.000Z' }),
      order({ status: 'rejected', total: '700.00' }),
      order({ status: 'submitted', total: '800.00' }),
    ];
    expect(orderFigures(orders, NOW, MONTH_START).monthSales).toEqual({ amount: '30.30', orders: 2 });
  });

  it("begin the month on the device's own calendar", () => {
    const start = startOfMonth(new Date(2026, 11, 13, 15));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2026, 11, 1, 0]);
  });
});
