import { describe, expect, it } from 'vitest';
import { KEPT_CLOSED_ORDER_DAYS, keptClosedOrderDaysSchema, ORDER_STATUSES, PAYMENT_STATUSES } from '../entities/order';
import { inOrderWorkingSet, isOrderClosed, ORDER_WORKING_SET_DAYS, workingSetCutoff } from './order-working-set';

const now = new Date('2026-11-30T12:00:00.000Z');
const money = { total: '100.00', amountPaid: '0.00' };
const paidInFull = { total: '100.00', amountPaid: '100.00' };
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('the orders a device keeps', () => {
  it('closes an order that was rejected, cancelled, or delivered and paid in full, and no other', () => {
    const closed = ORDER_STATUSES.flatMap((status) => PAYMENT_STATUSES.map((paymentStatus) => ({ status, paymentStatus, ...money }))).filter(isOrderClosed);
    expect(closed.map(({ status, paymentStatus }) => `${status}/${paymentStatus}`).sort()).toEqual([
      'cancelled/paid',
      'cancelled/partial',
      'cancelled/unpaid',
      'delivered/paid',
      'rejected/paid',
      'rejected/partial',
      'rejected/unpaid',
    ]);
  });

  it('keeps every open order, however old', () => {
    for (const status of ['submitted', 'accepted', 'fulfilled', 'awaiting_buyer'] as const) {
      expect(inOrderWorkingSet({ status, paymentStatus: 'unpaid', ...money, updatedAt: daysAgo(700) }, now)).toBe(true);
    }
    // Delivered but still owed: the seller is waiting for money, so it is open.
    expect(inOrderWorkingSet({ status: 'delivered', paymentStatus: 'partial', total: '100.00', amountPaid: '40.00', updatedAt: daysAgo(400) }, now)).toBe(true);
  });

  it('keeps a closed order for the window after its last change, then lets it go', () => {
    const paid = { status: 'delivered', paymentStatus: 'paid', ...paidInFull } as const;
    expect(inOrderWorkingSet({ ...paid, updatedAt: daysAgo(ORDER_WORKING_SET_DAYS - 1) }, now)).toBe(true);
    expect(inOrderWorkingSet({ ...paid, updatedAt: daysAgo(ORDER_WORKING_SET_DAYS) }, now)).toBe(true);
    expect(inOrderWorkingSet({ ...paid, updatedAt: daysAgo(ORDER_WORKING_SET_DAYS + 1) }, now)).toBe(false);
    expect(inOrderWorkingSet({ status: 'cancelled', paymentStatus: 'unpaid', ...money, updatedAt: daysAgo(120) }, now)).toBe(false);
  });

  it("keeps an order holding the customer's money beyond what it bills, since that credit is still theirs", () => {
    const old = daysAgo(500);
    expect(inOrderWorkingSet({ status: 'delivered', paymentStatus: 'paid', total: '60.00', amountPaid: '100.00', updatedAt: old }, now)).toBe(true);
    expect(inOrderWorkingSet({ status: 'cancelled', paymentStatus: 'partial', total: '60.00', amountPaid: '25.00', updatedAt: old }, now)).toBe(true);
    expect(inOrderWorkingSet({ status: 'delivered', paymentStatus: 'paid', ...paidInFull, updatedAt: old }, now)).toBe(false);
  });

  it('moves the window with time: an order kept today leaves once the days pass, with no new change', () => {
    const order = { status: 'rejected', paymentStatus: 'unpaid', ...money, updatedAt: daysAgo(80) } as const;
    expect(inOrderWorkingSet(order, now)).toBe(true);
    const later = new Date(now.getTime() + 11 * 24 * 60 * 60 * 1000);
    expect(inOrderWorkingSet(order, later)).toBe(false);
  });

  it('takes a shorter or longer window when asked', () => {
    const order = { status: 'cancelled', paymentStatus: 'unpaid', ...money, updatedAt: daysAgo(40) } as const;
    expect(inOrderWorkingSet(order, now, 30)).toBe(false);
    expect(inOrderWorkingSet(order, now, 60)).toBe(true);
    expect(workingSetCutoff(now, 30)).toBe(daysAgo(30));
  });

  it('offers a device a month, the usual 90 days or a year, and nothing else', () => {
    expect(KEPT_CLOSED_ORDER_DAYS).toContain(ORDER_WORKING_SET_DAYS);
    expect(['7', '30', '90', '180', '365', '90.5', 'a year'].filter((days) => keptClosedOrderDaysSchema.safeParse(days).success)).toEqual(['30', '90', '365']);
  });
});
