/** What a party is asked before cancelling an order: what becomes of the money paid on it, said before it happens. */
import type { Order } from '../../../sync/entities/order';
import { creditNote } from '../../../sync/rules/order-payments';
import type { OrderParty } from '../../../sync/rules/order-states';
import type { ConfirmQuestion } from '../../lib/confirm-store';

export function cancelQuestion(order: Pick<Order, 'number' | 'total' | 'amountPaid' | 'customerName' | 'sellerName'>, party: OrderParty): ConfirmQuestion {
  const money = creditNote({ ...order, status: 'cancelled' }, party);
  return {
    title: `Cancel ${order.number ? `order ${order.number}` : 'this order'}?`,
    description: `${money ? `${money} ` : ''}Cancelling cannot be undone.`,
    confirmLabel: 'Cancel order',
    destructive: true,
  };
}
