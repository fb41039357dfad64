/**
 * The device's optimistic apply of the order mutations (see sync/device/replica.ts): a new order shows at once as
 * 'submitted' (or 'accepted', written so by the seller's team), unnumbered until the server numbers it; each move shows its new status at once. The server prices
 * and decides; the next pull brings its word.
 */
import { centsAsMoney, moneyCents } from '../rules/decimal';
import type { Order, OrderLine } from '../entities/order';
import { savedMenuAvailable, type SavedMenuListItem } from '../entities/saved-menu';
import type { ParsedMutation } from '../contract/mutations';
import { lineChanges, linesChangedHistory } from '../rules/order-changes';
import { orderCredit } from '../rules/order-payments';
import { orderLinePrice, orderLineOf } from '../rules/order-line-price';
import { lineTotal, orderTotal, quantityThousandths } from '../rules/order-request';
import { orderMove, type OrderMove, type OrderParty } from '../rules/order-states';
import { shownOrderLine, type ShownProduct } from '../rules/priced-menu';
import { calendarDay, orderTerms } from '../rules/pricing';
import type { ApplyContext, ReplicaState } from './replica-state';

type OrderMutationName = Extract<ParsedMutation['name'], `order.${string}`>;
type Applier<K extends OrderMutationName> = (state: ReplicaState, args: Extract<ParsedMutation, { name: K }>['args'], context: ApplyContext) => void;

const byName = (state: ReplicaState) => [state.user?.firstName, state.user?.lastName].filter(Boolean).join(' ') || state.user?.email || '';
const partyOf = (state: ReplicaState): OrderParty => (state.user?.role === 'seller' ? 'seller' : 'buyer');

/** Keeps the order with its credit worked out from its money, as the server answers it. */
function put(state: ReplicaState, order: Order): void {
  state.orders.set(order.id, { ...order, credit: orderCredit(order) });
}

/**
 * Whether this side may order again what the order holds, as far as the device can tell: the seller always (the
 * server prices it for the customer); the buyer only through the menu it came from, and not once their saved copy of
 * it says the menu can no longer be reached (its link regenerated or expired, its seller gone), as every other path
 * to that menu is refused. Without a saved copy the device cannot tell, and the server decides.
 */
export function mayReorder(order: Pick<Order, 'menuId'>, party: OrderParty, savedMenus: Iterable<SavedMenuListItem>, now: Date): boolean {
  if (party === 'seller') return true;
  if (order.menuId === null) return false;
  const saved = [...savedMenus].find((entry) => entry.menuId === order.menuId);
  return !saved || savedMenuAvailable(saved, now);
}

/**
 * The seller's lines as the server will price them (`orderLinePrice`): on the customer's list, else the list of the
 * menu the order came by; a line already on the order keeps its price. A product the device no longer holds keeps the
 * line as it was, or shows at no price until the server's word comes.
 */
function sellerLines(
  state: ReplicaState,
  wanted: Array<{ productId: string; quantity: string | null }>,
  order: { customerId: string; menuId: string | null },
  now: string,
  kept?: Map<string, OrderLine>,
): OrderLine[] {
  const termsOf = orderTerms(state, order, calendarDay(new Date(now)));
  return wanted.map(({ productId, quantity }) => {
    const thousandths = quantityThousandths(quantity ?? '0') ?? 0;
    const product = state.products.get(productId);
    const price = product && orderLinePrice(termsOf(product), thousandths, kept?.get(productId));
    if (product && price) return orderLineOf(product, thousandths, price);
    return unpricedLine(productId, quantity, product, kept?.get(productId));
  });
}

/** A line the device cannot price: as it was on the order (`before`), else at no price until the server's word comes. */
function unpricedLine(productId: string, quantity: string | null, product?: Pick<OrderLine, 'strainName' | 'unitType'>, before?: OrderLine): OrderLine {
  return {
    productId,
    strainName: product?.strainName ?? before?.strainName ?? 'Product',
    unitType: product?.unitType ?? before?.unitType ?? '',
    quantity: quantity ?? '0',
    unitPrice: before?.unitPrice ?? '0.00',
    listPrice: before?.listPrice ?? null,
    lineTotal: before ? (lineTotal({ pricePerUnit: before.unitPrice }, quantity ?? '0') ?? '0.00') : '0.00',
    deliveredQuantity: null,
  };
}

/** The buyer's lines priced by their saved copy of the menu, as the cart priced them (`shownOrderLine`). */
function shownLines(wanted: Array<{ productId: string; quantity: string | null }>, products: ShownProduct[]): OrderLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return wanted.map(({ productId, quantity }) => {
    const product = byId.get(productId);
    return product ? shownOrderLine(product, quantity ?? '0').line : unpricedLine(productId, quantity);
  });
}

/** The payment terms of the buyer's latest order with this seller, as the server gave them; cash on delivery before any. */
export function lastKnownTerms(state: Pick<ReplicaState, 'orders'>, sellerTeamId: string): Order['paymentTerms'] {
  const answered = [...state.orders.values()].filter((order) => order.sellerTeamId === sellerTeamId && order.number !== '');
  answered.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return answered[0]?.paymentTerms ?? 'cod';
}

const totalOf = (lines: OrderLine[]) => orderTotal(lines.map((line) => line.lineTotal)) ?? '0.00';

/**
 * A new order as the device shows it until the server's word comes: submitted, or accepted at once when the seller's
 * team writes it so (`acceptNow`), as the server does.
 */
function pendingOrder(state: ReplicaState, id: string, lines: OrderLine[], from: Partial<Order>, { now, userId }: ApplyContext, acceptNow = false): Order {
  const total = totalOf(lines);
  const submitted = { status: 'submitted', at: now, byName: byName(state) } as const;
  return {
    id,
    number: '',
    sellerTeamId: userId,
    sellerName: '',
    buyerTeamId: null,
    customerId: '',
    customerName: state.user?.companyName || byName(state),
    menuId: null,
    status: 'submitted',
    resumeStatus: null,
    paymentStatus: 'unpaid',
    subtotal: total,
    total,
    amountPaid: '0.00',
    credit: '0.00',
    paymentTerms: 'cod',
    deliveredAt: null,
    dueAt: null,
    overdue: false,
    note: '',
    payments: [],
    createdAt: now,
    updatedAt: now,
    ...from,
    ...(acceptNow && { status: 'accepted' }),
    lines,
    history: acceptNow ? [submitted, { ...submitted, status: 'accepted' }] : [submitted],
  };
}

/** A move to the status the state machine gives; a move it refuses shows nothing (the server will say why). */
function statusMove(move: OrderMove): (state: ReplicaState, args: { id: string }, context: ApplyContext) => void {
  return (state, args, { now }) => {
    const order = state.orders.get(args.id);
    const next = order && orderMove(order, move, partyOf(state));
    if (!order || !next?.ok) return;
    put(state, {
      ...order,
      status: next.status,
      resumeStatus: next.resumeStatus,
      history: [...order.history, { status: next.status, at: now, byName: byName(state) }],
      updatedAt: now,
    });
  };
}

export const ORDER_APPLIERS: { [K in OrderMutationName]: Applier<K> } = {
  'order.create': (state, args, context) => {
    if (state.orders.has(args.id)) return;
    if ('customerId' in args) {
      const lines = sellerLines(state, args.lines, { customerId: args.customerId, menuId: null }, context.now);
      put(
        state,
        pendingOrder(
          state,
          args.id,
          lines,
          { customerId: args.customerId, customerName: state.customers.get(args.customerId)?.name ?? 'Customer', note: args.note },
          context,
          args.accept,
        ),
      );
      return;
    }
    const saved = [...state.savedMenus.values()].find((entry) => entry.menuId === args.menuId);
    const sellerTeamId = saved?.menu.sellerId ?? '';
    const from = {
      sellerTeamId,
      sellerName: saved?.menu.sellerBusinessName ?? '',
      buyerTeamId: context.userId,
      menuId: args.menuId,
      note: args.note,
      paymentTerms: args.quote?.paymentTerms ?? lastKnownTerms(state, sellerTeamId),
    };
    put(state, pendingOrder(state, args.id, args.quote?.lines ?? shownLines(args.lines, saved?.snapshot?.products ?? []), from, context));
  },
  'order.accept': statusMove('accept'),
  'order.reject': statusMove('reject'),
  'order.cancel': statusMove('cancel'),
  'order.approve': statusMove('approve'),
  'order.fulfil': statusMove('fulfil'),
  'order.updateLines': (state, args, { now }) => {
    const order = state.orders.get(args.id);
    if (!order) return;
    const kept = new Map(order.lines.map((line) => [line.productId, line]));
    const lines = sellerLines(state, args.lines, order, now, kept);
    const total = totalOf(lines);
    const raises = moneyCents(total) > moneyCents(order.total) || lines.some((line) => !kept.has(line.productId));
    const next = orderMove(order, 'editLines', partyOf(state), raises);
    if (!next.ok) return;
    const history = linesChangedHistory(order.history, { lineChanges: lineChanges(order.lines, lines), from: order.status, to: next.status, at: now, byName: byName(state) });
    put(state, { ...order, lines, subtotal: total, total, status: next.status, resumeStatus: next.resumeStatus, history, updatedAt: now });
  },
  'order.deliver': (state, args, context) => {
    statusMove('deliver')(state, args, context);
    const order = state.orders.get(args.id);
    if (order?.status !== 'delivered') return;
    const delivered = new Map(args.lines.map((line) => [line.productId, line.deliveredQuantity]));
    const lines = order.lines.map((line) => {
      const quantity = delivered.get(line.productId) ?? line.quantity;
      return { ...line, deliveredQuantity: quantity, lineTotal: lineTotal({ pricePerUnit: line.unitPrice }, quantity) ?? line.lineTotal };
    });
    const total = totalOf(lines);
    put(state, { ...order, lines, subtotal: total, total, deliveredAt: context.now });
  },
  'order.recordPayment': (state, args, { now }) => {
    const order = state.orders.get(args.id);
    if (!order || !orderMove(order, 'recordPayment', partyOf(state)).ok) return;
    if (args.paymentId && order.payments.some((payment) => payment.id === args.paymentId)) return;
    const paid = moneyCents(order.amountPaid) + moneyCents(args.amount ?? '0');
    const payment = { id: args.paymentId ?? '', amount: args.amount ?? '0', method: args.method, receivedAt: args.receivedAt, byName: byName(state) };
    const paymentStatus = paid >= moneyCents(order.total) ? 'paid' : 'partial';
    const recorded = { status: order.status, at: now, byName: byName(state), payment: { amount: payment.amount, method: args.method } };
    put(state, { ...order, payments: [...order.payments, payment], history: [...order.history, recorded], amountPaid: centsAsMoney(paid), paymentStatus, updatedAt: now });
  },
  'order.reorder': (state, args, context) => {
    const order = state.orders.get(args.id);
    if (!order || state.orders.has(args.newOrderId) || !mayReorder(order, partyOf(state), state.savedMenus.values(), new Date(context.now))) return;
    const lines = order.lines.map((line) => ({ ...line, deliveredQuantity: null, lineTotal: lineTotal({ pricePerUnit: line.unitPrice }, line.quantity) ?? line.lineTotal }));
    const { sellerTeamId, sellerName, buyerTeamId, customerId, customerName, menuId, paymentTerms } = order;
    // As the server writes it: the old order's delivery note is not copied.
    const from = { sellerTeamId, sellerName, buyerTeamId, customerId, customerName, menuId, note: '', paymentTerms };
    put(state, pendingOrder(state, args.newOrderId, lines, from, context, partyOf(state) === 'seller'));
  },
};
