/**
 * The life of an order: which moves each party may make from each status, and where each leads. Pure, so the server
 * (REST and sync alike) refuses the same moves the device's screens hide, and the device shows a move at once.
 */
import type { Order, OrderStatus } from '../entities/order';

export type OrderParty = 'buyer' | 'seller';
export type OrderMove = 'accept' | 'reject' | 'cancel' | 'approve' | 'editLines' | 'fulfil' | 'deliver' | 'recordPayment';

type Where = Pick<Order, 'status' | 'resumeStatus'>;
export type MoveResult = { ok: true; status: OrderStatus; resumeStatus: Order['resumeStatus'] } | { ok: false; message: string };

/** From which statuses each party may make each move. */
const ALLOWED: Record<OrderMove, Partial<Record<OrderParty, readonly OrderStatus[]>>> = {
  accept: { seller: ['submitted'] },
  reject: { seller: ['submitted'] },
  cancel: { buyer: ['submitted', 'awaiting_buyer'], seller: ['submitted', 'accepted'] },
  approve: { buyer: ['awaiting_buyer'] },
  editLines: { seller: ['submitted', 'accepted', 'awaiting_buyer'] },
  fulfil: { seller: ['accepted'] },
  deliver: { seller: ['fulfilled'] },
  recordPayment: { seller: ['accepted', 'fulfilled', 'delivered'] },
};

const WORDS: Record<OrderMove, string> = {
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  approve: 'approved',
  editLines: 'changed',
  fulfil: 'fulfilled',
  deliver: 'delivered',
  recordPayment: 'paid',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  submitted: 'submitted',
  accepted: 'accepted',
  rejected: 'rejected',
  fulfilled: 'fulfilled',
  delivered: 'delivered',
  cancelled: 'cancelled',
  awaiting_buyer: 'waiting for the buyer to approve a change',
};

function refusal(order: Where, move: OrderMove, party: OrderParty): string {
  const allowed = ALLOWED[move][party];
  if (!allowed) return party === 'buyer' ? `Only the seller can mark an order ${WORDS[move]}` : `Only the buyer can have an order ${WORDS[move]}`;
  return `An order that is ${ORDER_STATUS_LABELS[order.status]} cannot be ${WORDS[move]}`;
}

/**
 * Where `move` by `party` takes the order, or why it may not. `raises`: for a seller's edit of the lines, whether it
 * raises the total or adds a product (the buyer must then approve it).
 */
export function orderMove(order: Where, move: OrderMove, party: OrderParty, raises = false): MoveResult {
  if (!ALLOWED[move][party]?.includes(order.status)) return { ok: false, message: refusal(order, move, party) };
  switch (move) {
    case 'accept':
      return { ok: true, status: 'accepted', resumeStatus: null };
    case 'reject':
      return { ok: true, status: 'rejected', resumeStatus: null };
    case 'cancel':
      return { ok: true, status: 'cancelled', resumeStatus: null };
    case 'approve':
      return { ok: true, status: order.resumeStatus ?? 'submitted', resumeStatus: null };
    case 'fulfil':
      return { ok: true, status: 'fulfilled', resumeStatus: null };
    case 'deliver':
      return { ok: true, status: 'delivered', resumeStatus: null };
    case 'recordPayment':
      return { ok: true, status: order.status, resumeStatus: order.resumeStatus };
    case 'editLines':
      if (order.status === 'awaiting_buyer') return { ok: true, status: 'awaiting_buyer', resumeStatus: order.resumeStatus };
      if (!raises) return { ok: true, status: order.status, resumeStatus: null };
      return { ok: true, status: 'awaiting_buyer', resumeStatus: order.status === 'accepted' ? 'accepted' : 'submitted' };
  }
}

/** The statuses each move to a new status leads to, and those the order only reaches after it on the way to delivery. */
const ALREADY_PAST: Partial<Record<OrderMove, readonly OrderStatus[]>> = {
  accept: ['accepted', 'fulfilled', 'delivered'],
  reject: ['rejected'],
  cancel: ['cancelled'],
  fulfil: ['fulfilled', 'delivered'],
  deliver: ['delivered'],
};

/**
 * Whether `move` by `party` was already made: the order stands where the move leads, or further on the way to
 * delivery (an Accept queued on one device while another accepted and fulfilled), and the party may make that move
 * at all. A second tap on Accept, or an Accept queued twice, then changes nothing and is no error.
 */
export function moveAlreadyMade(order: Where, move: OrderMove, party: OrderParty): boolean {
  if (ALLOWED[move][party] === undefined) return false;
  // An accepted order waiting for the buyer to approve a change was accepted all the same.
  const standing = order.status === 'awaiting_buyer' && order.resumeStatus === 'accepted' ? 'accepted' : order.status;
  return ALREADY_PAST[move]?.includes(standing) ?? false;
}

/** The statuses an order is invoiced in: from acceptance on, until it is closed by a rejection or a cancellation. */
const INVOICED: readonly OrderStatus[] = ['accepted', 'fulfilled', 'delivered'];

/** Whether the order has an invoice to download or to attach to its emails. */
export function isInvoiced(order: Pick<Order, 'status'>): boolean {
  return INVOICED.includes(order.status);
}
