import { describe, expect, it } from 'vitest';
import type { Order } from '../../../sync/entities/order';
import { creditsByCustomer } from './customer-credit';

const order = (customerId: string, status: Order['status'], total: string, amountPaid: string) => ({ customerId, status, total, amountPaid }) as Order;

describe("a customer's credit in the book", () => {
  it('sums what each customer paid beyond what their orders bill, and names only those who have some', () => {
    const credits = creditsByCustomer([
      order('corner', 'delivered', '600.00', '1000.00'),
      order('corner', 'cancelled', '50.00', '25.50'),
      order('corner', 'accepted', '90.00', '10.00'),
      order('slow', 'delivered', '300.00', '100.00'),
    ]);
    expect(credits).toEqual(new Map([['corner', '425.50']]));
  });
});
