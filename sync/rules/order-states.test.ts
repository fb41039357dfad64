import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../entities/order';
import { moveAlreadyMade, orderMove, type OrderMove, type OrderParty } from './order-states';

const at = (status: OrderStatus, resumeStatus: 'submitted' | 'accepted' | null = null) => ({ status, resumeStatus });

/** Every move each party may make, and where it leads; every other (status, move, party) is refused. */
const ALLOWED: Array<[OrderStatus, OrderMove, OrderParty, OrderStatus]> = [
  ['submitted', 'accept', 'seller', 'accepted'],
  ['submitted', 'reject', 'seller', 'rejected'],
  ['submitted', 'cancel', 'seller', 'cancelled'],
  ['submitted', 'cancel', 'buyer', 'cancelled'],
  ['submitted', 'editLines', 'seller', 'submitted'],
  ['accepted', 'cancel', 'seller', 'cancelled'],
  ['accepted', 'editLines', 'seller', 'accepted'],
  ['accepted', 'fulfil', 'seller', 'fulfilled'],
  ['accepted', 'recordPayment', 'seller', 'accepted'],
  ['fulfilled', 'deliver', 'seller', 'delivered'],
  ['fulfilled', 'recordPayment', 'seller', 'fulfilled'],
  ['delivered', 'recordPayment', 'seller', 'delivered'],
  ['awaiting_buyer', 'approve', 'buyer', 'accepted'],
  ['awaiting_buyer', 'cancel', 'buyer', 'cancelled'],
  ['awaiting_buyer', 'editLines', 'seller', 'awaiting_buyer'],
];
const MOVES: OrderMove[] = ['accept', 'reject', 'cancel', 'approve', 'editLines', 'fulfil', 'deliver', 'recordPayment'];

describe('the order state machine', () => {
  it('allows exactly the listed moves, to the listed status, and refuses every other with a reason', () => {
    for (const status of ORDER_STATUSES) {
      for (const move of MOVES) {
        for (const party of ['buyer', 'seller'] as const) {
          const allowed = ALLOWED.find(([from, m, p]) => from === status && m === move && p === party);
          const result = orderMove(at(status, status === 'awaiting_buyer' ? 'accepted' : null), move, party);
          if (allowed) expect(result, `${party} ${move} from ${status}`).toMatchObject({ ok: true, status: allowed[3] });
          else expect(result, `${party} ${move} from ${status}`).toMatchObject({ ok: false, message: expect.stringMatching(/cannot be|Only the/) });
        }
      }
    }
  });

  it('sends an edit that raises the total to the buyer, and their approval back to where the order was', () => {
    expect(orderMove(at('submitted'), 'editLines', 'seller', true)).toEqual({ ok: true, status: 'awaiting_buyer', resumeStatus: 'submitted' });
    expect(orderMove(at('accepted'), 'editLines', 'seller', true)).toEqual({ ok: true, status: 'awaiting_buyer', resumeStatus: 'accepted' });
    expect(orderMove(at('awaiting_buyer', 'submitted'), 'approve', 'buyer')).toEqual({ ok: true, status: 'submitted', resumeStatus: null });
  });

  it('says plainly why a move is refused', () => {
    expect(orderMove(at('submitted'), 'accept', 'buyer')).toEqual({ ok: false, message: 'Only the seller can mark an order accepted' });
    expect(orderMove(at('accepted'), 'cancel', 'buyer')).toEqual({ ok: false, message: 'An order that is accepted cannot be cancelled' });
  });

  it('takes a move to where the order already stands as already made, for the party that may make it', () => {
    expect(moveAlreadyMade(at('accepted'), 'accept', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('delivered'), 'deliver', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('cancelled'), 'cancel', 'buyer')).toBe(true);
    expect(moveAlreadyMade(at('accepted'), 'accept', 'buyer')).toBe(false);
    expect(moveAlreadyMade(at('submitted'), 'accept', 'seller')).toBe(false);
    expect(moveAlreadyMade(at('rejected'), 'accept', 'seller')).toBe(false);
    expect(moveAlreadyMade(at('cancelled'), 'fulfil', 'seller')).toBe(false);
    expect(moveAlreadyMade(at('awaiting_buyer', 'submitted'), 'accept', 'seller')).toBe(false);
    expect(moveAlreadyMade(at('accepted'), 'recordPayment', 'seller')).toBe(false);
    expect(moveAlreadyMade(at('submitted'), 'approve', 'buyer')).toBe(false);
  });

  it('takes a move the order has gone past on its way to delivery as already made', () => {
    expect(moveAlreadyMade(at('fulfilled'), 'accept', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('delivered'), 'accept', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('delivered'), 'fulfil', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('awaiting_buyer', 'accepted'), 'accept', 'seller')).toBe(true);
    expect(moveAlreadyMade(at('fulfilled'), 'deliver', 'seller')).toBe(false);
  });
});
