import { describe, expect, it } from 'vitest';
import {
  amountDue,
  applyPayment,
  billedLineTotal,
  creditNote,
  customerCredit,
  dueDate,
  fulfilmentHold,
  isOverdue,
  orderCredit,
  orderTotals,
  paymentStatusOf,
} from './order-payments';

const delivered = '2026-03-02T15:30:00.000Z';

describe('due date', () => {
  it('is the delivery for cash on delivery and the terms in days after it otherwise', () => {
    expect(dueDate(delivered, 'cod')).toBe(delivered);
    expect(dueDate(delivered, 'net7')).toBe('2026-03-09T15:30:00.000Z');
    expect(dueDate(delivered, 'net15')).toBe('2026-03-17T15:30:00.000Z');
    expect(dueDate(delivered, 'net30')).toBe('2026-04-01T15:30:00.000Z');
  });
});

describe('totals', () => {
  const lines = [
    { quantity: '2.500', deliveredQuantity: null, unitPrice: '1450.00' },
    { quantity: '0.500', deliveredQuantity: null, unitPrice: '0.33' },
  ];

  it('bills the ordered quantities exactly, rounded half up to the cent per line', () => {
    expect(billedLineTotal(lines[1]!)).toBe('0.17');
    expect(orderTotals(lines)).toEqual({ subtotal: '3625.17', total: '3625.17' });
  });

  it('bills what was delivered once the delivery is recorded, nothing for a line not delivered', () => {
    const afterDelivery = [
      { ...lines[0]!, deliveredQuantity: '2.000' },
      { ...lines[1]!, deliveredQuantity: '0.000' },
    ];
    expect(orderTotals(afterDelivery)).toEqual({ subtotal: '2900.00', total: '2900.00' });
  });
});

describe('payments', () => {
  const order = { total: '1000.00', amountPaid: '0.00' };

  it('moves from unpaid to partial to paid', () => {
    expect(paymentStatusOf(order)).toBe('unpaid');
    const first = applyPayment(order, '400.10');
    expect(first).toEqual({ ok: true, amountPaid: '400.10', paymentStatus: 'partial' });
    expect(amountDue({ total: '1000.00', amountPaid: '400.10' })).toBe('599.90');
    expect(applyPayment({ total: '1000.00', amountPaid: '400.10' }, '599.90')).toEqual({ ok: true, amountPaid: '1000.00', paymentStatus: 'paid' });
  });

  it('refuses more than is still owed, saying how much that is', () => {
    expect(applyPayment({ total: '1250.00', amountPaid: '300.00' }, '950.01')).toEqual({ ok: false, message: 'That is more than the $950.00 still owed' });
    expect(applyPayment({ total: '1000.00', amountPaid: '1000.00' }, '1')).toEqual({ ok: false, message: 'Nothing is owed on this order' });
  });

  it('refuses an amount that is not money', () => {
    expect(applyPayment(order, '0')).toEqual({ ok: false, message: 'Enter the amount received' });
    expect(applyPayment(order, '1.001')).toEqual({ ok: false, message: 'Enter the amount received' });
  });

  it('counts a short delivery below what was prepaid as paid, with nothing owed', () => {
    expect(amountDue({ total: '800.00', amountPaid: '1000.00' })).toBe('0.00');
    expect(paymentStatusOf({ total: '800.00', amountPaid: '1000.00' })).toBe('paid');
  });
});

describe('overdue', () => {
  const due = { dueAt: '2026-03-09T15:30:00.000Z', total: '500.00', amountPaid: '100.00' };

  it('is late from the day after the due date while money is owed', () => {
    expect(isOverdue(due, new Date('2026-03-09T23:59:59.000Z'))).toBe(false);
    expect(isOverdue(due, new Date('2026-03-10T00:00:00.000Z'))).toBe(true);
    expect(isOverdue({ ...due, amountPaid: '500.00' }, new Date('2026-04-10T00:00:00.000Z'))).toBe(false);
  });

  it('is never late before delivery', () => {
    expect(isOverdue({ ...due, dueAt: null }, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('hold when overdue', () => {
  const now = new Date('2026-05-01T12:00:00.000Z');
  const late = (number: string) => ({ number, dueAt: '2026-04-01T00:00:00.000Z', total: '100.00', amountPaid: '0.00' });
  const settled = { number: 'SO-1002', dueAt: '2026-04-01T00:00:00.000Z', total: '100.00', amountPaid: '100.00' };
  const held = { name: 'Green Leaf', holdWhenOverdue: true };

  it('holds a customer marked so while another of their orders is overdue, naming the orders', () => {
    expect(fulfilmentHold(held, [late('SO-1001'), settled], now)).toEqual({
      reason: 'overdue_balance',
      message: 'Green Leaf is on hold: order SO-1001 is overdue. Record the payment before fulfilling this order.',
    });
    expect(fulfilmentHold(held, [late('SO-1001'), late('SO-1003'), late('SO-1007')], now)?.message).toBe(
      'Green Leaf is on hold: orders SO-1001, SO-1003 and SO-1007 are overdue. Record the payment before fulfilling this order.',
    );
  });

  it('lets the order go when nothing is overdue or the customer is not held', () => {
    expect(fulfilmentHold(held, [settled, { ...late('SO-1004'), dueAt: null }], now)).toBeNull();
    expect(fulfilmentHold({ ...held, holdWhenOverdue: false }, [late('SO-1001')], now)).toBeNull();
  });
});

describe('credit', () => {
  const names = { customerName: 'Corner Dispensary', sellerName: 'North Star Farms' };

  it('keeps what was paid beyond a total lowered after payment (a short delivery, an edit) as the customer credit', () => {
    const shortDelivered = { status: 'delivered', total: '600.00', amountPaid: '1000.00' } as const;
    expect(orderCredit(shortDelivered)).toBe('400.00');
    expect(amountDue(shortDelivered)).toBe('0.00');
    expect(orderCredit({ status: 'accepted', total: '1000.00', amountPaid: '400.00' })).toBe('0.00');
    expect(creditNote({ ...shortDelivered, ...names })).toBe('$400.00 paid beyond its total stays recorded as a credit for Corner Dispensary.');
    expect(creditNote({ ...shortDelivered, ...names }, 'buyer')).toBe('$400.00 paid beyond its total stays recorded as your credit with North Star Farms.');
    expect(creditNote({ status: 'delivered', total: '600.00', amountPaid: '600.00', ...names })).toBeNull();
  });

  it('bills nothing on a cancelled order: all that was paid on it is credit, nothing is owed', () => {
    const cancelled = { status: 'cancelled', total: '1000.00', amountPaid: '250.00', ...names } as const;
    expect(orderCredit(cancelled)).toBe('250.00');
    expect(amountDue(cancelled)).toBe('0.00');
    expect(creditNote(cancelled)).toBe('$250.00 paid on this order stays recorded as a credit for Corner Dispensary.');
  });

  it("sums a customer's credit over their orders", () => {
    expect(
      customerCredit([
        { status: 'delivered', total: '600.00', amountPaid: '1000.00' },
        { status: 'cancelled', total: '80.00', amountPaid: '0.10' },
        { status: 'accepted', total: '50.00', amountPaid: '20.00' },
      ]),
    ).toBe('400.10');
    expect(customerCredit([])).toBe('0.00');
  });
});
