/** A delivered wholesale order as the server stores it, for the invoice and export tests and the invoice benchmark. */
import type { Order, OrderLine } from '../entities/order';
import { billedLineTotal, orderCredit, orderTotals } from '../rules/order-payments';

const STRAINS = ['Blue Dream', 'Sour Diesel', 'Gelato #33', 'Wedding Cake', 'Runtz', 'Zkittlez', 'Gorilla Glue #4', 'Pineapple Express'];

/** `count` lines of flower by the pound, each a little different, the first short-delivered by half a pound. */
export function sampleLines(count: number): OrderLine[] {
  return Array.from({ length: count }, (_, index) => {
    const quantity = `${2 + (index % 5)}.500`;
    const unitPrice = `${1200 + index * 5}.00`;
    return {
      productId: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      strainName: `${STRAINS[index % STRAINS.length]}${index < STRAINS.length ? '' : ` lot ${index + 1}`}`,
      unitType: 'lb',
      quantity,
      unitPrice,
      listPrice: unitPrice,
      lineTotal: billedLineTotal({ quantity, deliveredQuantity: null, unitPrice }),
      deliveredQuantity: index === 0 ? '2.000' : quantity,
    };
  });
}

export function sampleOrder(overrides: Partial<Order> = {}, lineCount = 3): Order {
  const lines = sampleLines(lineCount);
  const { subtotal, total } = orderTotals(lines);
  const order: Omit<Order, 'credit'> = {
    id: '11111111-1111-4111-8111-111111111111',
    number: 'SO-1001',
    sellerTeamId: '22222222-2222-4222-8222-222222222222',
    sellerName: 'Emerald Valley Farms',
    buyerTeamId: '33333333-3333-4333-8333-333333333333',
    customerId: '44444444-4444-4444-8444-444444444444',
    customerName: 'Green Leaf Dispensary',
    menuId: null,
    status: 'delivered',
    resumeStatus: null,
    paymentStatus: 'partial',
    lines,
    subtotal,
    total,
    amountPaid: '1000.00',
    paymentTerms: 'net30',
    deliveredAt: '2026-03-02T15:30:00.000Z',
    dueAt: '2026-04-01T15:30:00.000Z',
    overdue: false,
    note: '',
    history: [{ status: 'submitted', at: '2026-02-27T10:00:00.000Z', byName: 'Dana Buyer' }],
    payments: [{ id: '55555555-5555-4555-8555-555555555555', amount: '1000.00', method: 'check', receivedAt: '2026-03-05T00:00:00.000Z', byName: 'Sam Seller' }],
    createdAt: '2026-02-27T10:00:00.000Z',
    updatedAt: '2026-03-05T00:00:00.000Z',
    ...overrides,
  };
  return { ...order, credit: overrides.credit ?? orderCredit(order) };
}
