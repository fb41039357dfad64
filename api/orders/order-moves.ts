/**
 * The moves of an order after it is placed: each checked by the state machine for the actor's side, with its stock
 * held or given back and its email queued in the same transaction, so a refused move changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { centsAsMoney, formatScaled, moneyCents } from '../../sync/rules/decimal';
import type { orderByIdSchema, orderDeliverSchema, orderLinesUpdateSchema, orderPaymentInputSchema, orderRejectSchema } from '../../sync/entities/order';
import { type Order, type OrderHistoryEntry } from '../../sync/entities/order';
import { AppError } from '../../sync/contract/errors';
import { applyPayment, billedLineTotal, dueDate, fulfilmentHold, orderTotals, paymentStatusOf } from '../../sync/rules/order-payments';
import { lineChanges, linesChangedHistory } from '../../sync/rules/order-changes';
import { deliveredQuantityProblem } from '../../sync/rules/order-delivery';
import { moveAlreadyMade, orderMove, type OrderMove, type OrderParty } from '../../sync/rules/order-states';
import { applicablePriceList, calendarDay } from '../../sync/rules/pricing';
import type { z } from 'zod';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { findCustomerOfSeller } from '../db/repositories/customers';
import { customerOrdersOwing, findOrder, findOrderRow, updateOrder, type OrderChanges, type OrderRow } from '../db/repositories/orders';
import { ORDER_NOT_FOUND, partyOf, type OrderActor } from './order-actor';
import { findCustomerPriceLists, findMenuPriceList } from './order-price-lists';
import { priceLines, readLineProducts } from './order-lines';
import { notifyOrderStep, type OrderStep } from './order-mail';
import { adjustStock, giveBackStock, heldBy, holdStock, thousandthsOf } from './order-stock';

type MoveContext = { tx: Tx; row: OrderRow; party: OrderParty; now: Date };
/** What a move changes, and the step its email tells (none: nothing to tell). */
type MoveOutcome = { changes: OrderChanges; step: OrderStep | null };

/** Checks the move for the actor's side, lets `work` make it, writes, and tells the other party. */
async function moveOrder(services: Services, actor: OrderActor, id: string, move: OrderMove, work: (context: MoveContext) => Promise<MoveOutcome>): Promise<Order> {
  return services.db.transaction(async (tx) => {
    const row = await findOrderRow(tx.db, id);
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    const { party, repUserId } = await partyOf(tx.db, actor, row);
    // A move that already happened (a second tap, a queued repeat) is answered with the order as it stands: no error, nothing written or mailed.
    if (moveAlreadyMade(row, move, party)) return (await findOrder(tx.db, id, services.now()))!;
    // Whether the move is allowed at all does not depend on what it changes: an edit is refused the same whichever way it goes.
    const allowed = orderMove(row, move, party);
    if (!allowed.ok) throw new AppError('invalid_transition', allowed.message);
    const now = services.now();
    const { changes, step } = await work({ tx, row, party, now });
    await updateOrder(tx.db, id, { ...changes, updatedBy: actor.member.userId }, tx.version, now);
    const order = (await findOrder(tx.db, id, now))!;
    if (step) await notifyOrderStep(services, tx, order, step, { teamId: actor.account.id, userId: actor.member.userId }, repUserId);
    return order;
  });
}

function historyWith(row: OrderRow, actor: OrderActor, status: Order['status'], at: Date, reason?: string): OrderHistoryEntry[] {
  return [...row.history, { status, at: at.toISOString(), byName: actor.name, ...(reason ? { reason } : {}) }];
}

/** A move to a new status: `then` does what comes with it (stock). */
function statusMove(actor: OrderActor, move: OrderMove, step: OrderStep, then?: (context: MoveContext) => Promise<void>, reason?: string) {
  return async (context: MoveContext): Promise<MoveOutcome> => {
    const next = orderMove(context.row, move, context.party);
    if (!next.ok) throw new AppError('invalid_transition', next.message);
    await then?.(context);
    return { changes: { status: next.status, resumeStatus: next.resumeStatus, history: historyWith(context.row, actor, next.status, context.now, reason) }, step };
  };
}

/** Marks whether the order holds stock once the move is made. */
function withStockHeld(stockHeld: boolean, work: (context: MoveContext) => Promise<MoveOutcome>) {
  return async (context: MoveContext): Promise<MoveOutcome> => {
    const outcome = await work(context);
    return { ...outcome, changes: { ...outcome.changes, stockHeld } };
  };
}

export async function acceptOrder(services: Services, actor: OrderActor, input: z.output<typeof orderByIdSchema>): Promise<Order> {
  const { id } = input;
  return moveOrder(
    services,
    actor,
    id,
    'accept',
    withStockHeld(
      true,
      statusMove(actor, 'accept', 'accepted', ({ tx, row, now }) => holdStock(tx, heldBy(row.lines), now)),
    ),
  );
}

export async function rejectOrder(services: Services, actor: OrderActor, input: z.output<typeof orderRejectSchema>): Promise<Order> {
  const { id, reason } = input;
  return moveOrder(services, actor, id, 'reject', statusMove(actor, 'reject', 'rejected', undefined, reason));
}

export async function cancelOrder(services: Services, actor: OrderActor, input: z.output<typeof orderByIdSchema>): Promise<Order> {
  const { id } = input;
  return moveOrder(
    services,
    actor,
    id,
    'cancel',
    withStockHeld(
      false,
      statusMove(actor, 'cancel', 'cancelled', async ({ tx, row, now }) => {
        if (row.stockHeld) await giveBackStock(tx, heldBy(row.lines), now);
      }),
    ),
  );
}

export async function approveOrder(services: Services, actor: OrderActor, input: z.output<typeof orderByIdSchema>): Promise<Order> {
  const { id } = input;
  return moveOrder(services, actor, id, 'approve', statusMove(actor, 'approve', 'approved'));
}

export async function fulfilOrder(services: Services, actor: OrderActor, input: z.output<typeof orderByIdSchema>): Promise<Order> {
  const { id } = input;
  return moveOrder(
    services,
    actor,
    id,
    'fulfil',
    statusMove(actor, 'fulfil', 'fulfilled', async ({ tx, row, now }) => {
      const customer = await findCustomerOfSeller(tx.db, row.sellerId, row.customerId);
      if (!customer?.holdWhenOverdue) return;
      const hold = fulfilmentHold(customer, await customerOrdersOwing(tx.db, customer.id, row.id), now);
      if (hold) throw new AppError(hold.reason, hold.message);
    }),
  );
}

/**
 * The seller changes the lines: products already on the order keep their price, new ones are priced as the customer's
 * are today. Raising the total or adding a product waits for the buyer's approval; stock held for an accepted order follows.
 */
export async function updateOrderLines(services: Services, actor: OrderActor, input: z.output<typeof orderLinesUpdateSchema>): Promise<Order> {
  const args = input;
  return moveOrder(services, actor, args.id, 'editLines', async ({ tx, row, party, now }) => {
    const [customerLists, menuList, products] = await Promise.all([
      findCustomerPriceLists(tx.db, row.sellerId, [row.customerId]),
      row.menuId ? findMenuPriceList(tx.db, row.sellerId, row.menuId) : null,
      readLineProducts(tx.db, args.lines),
    ]);
    const kept = new Map(row.lines.map((line) => [line.productId, line]));
    const list = applicablePriceList(customerLists.get(row.customerId) ?? null, menuList, calendarDay(now));
    const priced = priceLines(products, args.lines, { sellerId: row.sellerId, list, offered: null, buyerTerms: false, kept });
    const raises = priced.totalCents > row.totalCents || priced.lines.some((line) => !kept.has(line.productId));
    const next = orderMove(row, 'editLines', party, raises);
    if (!next.ok) throw new AppError('invalid_transition', next.message);
    if (row.stockHeld) await adjustStock(tx, heldBy(row.lines), heldBy(priced.lines), now);
    const history = linesChangedHistory(row.history, {
      lineChanges: lineChanges(row.lines, priced.lines),
      from: row.status,
      to: next.status,
      at: now.toISOString(),
      byName: actor.name,
    });
    return {
      changes: { status: next.status, resumeStatus: next.resumeStatus, lines: priced.lines, subtotalCents: priced.totalCents, totalCents: priced.totalCents, history },
      step: 'changed',
    };
  });
}

/** Delivery with what actually reached the buyer: a short line gives the rest back to stock and is billed as delivered. */
export async function deliverOrder(services: Services, actor: OrderActor, input: z.output<typeof orderDeliverSchema>): Promise<Order> {
  const args = input;
  return moveOrder(services, actor, args.id, 'deliver', async (context): Promise<MoveOutcome> => {
    const { tx, row, now } = context;
    const delivered = new Map(args.lines.map((line) => [line.productId, thousandthsOf(line.deliveredQuantity!)]));
    const errors: Record<string, string> = {};
    args.lines.forEach((line, index) => {
      const onOrder = row.lines.find((candidate) => candidate.productId === line.productId);
      const problem = onOrder ? deliveredQuantityProblem(onOrder, line.deliveredQuantity!) : 'That product is not on this order';
      if (problem) errors[`lines.${index}`] = problem;
    });
    const first = Object.values(errors)[0];
    if (first) throw new AppError('validation', first, errors);
    const lines = row.lines.map((line) => {
      const quantity = delivered.get(line.productId) ?? thousandthsOf(line.quantity);
      const deliveredQuantity = formatScaled(quantity, 3);
      return { ...line, deliveredQuantity, lineTotal: billedLineTotal({ ...line, deliveredQuantity }) };
    });
    const outcome = await statusMove(actor, 'deliver', 'delivered', async () => {
      if (!row.stockHeld) return;
      const shortBy = row.lines.map((line, index) => ({
        productId: line.productId,
        strainName: line.strainName,
        thousandths: thousandthsOf(line.quantity) - thousandthsOf(lines[index]!.deliveredQuantity!),
      }));
      await giveBackStock(tx, shortBy, now);
    })(context);
    const { subtotal, total } = orderTotals(lines);
    return {
      ...outcome,
      changes: {
        ...outcome.changes,
        lines,
        subtotalCents: moneyCents(subtotal),
        totalCents: moneyCents(total),
        deliveredAt: now,
        dueAt: new Date(dueDate(now.toISOString(), row.paymentTerms)),
        paymentStatus: paymentStatusOf({ total, amountPaid: centsAsMoney(row.amountPaidCents) }),
      },
    };
  });
}

/** A payment the seller received; one recorded offline arrives once, by the id the device gave it. */
export async function recordPayment(services: Services, actor: OrderActor, input: z.output<typeof orderPaymentInputSchema>): Promise<Order> {
  const args = input;
  return moveOrder(services, actor, args.id, 'recordPayment', async ({ row, now }) => {
    if (args.paymentId && row.payments.some((payment) => payment.id === args.paymentId)) return { changes: {}, step: null };
    const amount = centsAsMoney(moneyCents(args.amount!));
    const paid = applyPayment({ total: centsAsMoney(row.totalCents), amountPaid: centsAsMoney(row.amountPaidCents) }, amount);
    if (!paid.ok) throw new AppError('validation', paid.message, { amount: paid.message });
    const payment = {
      id: args.paymentId ?? randomUUID(),
      amount,
      method: args.method,
      receivedAt: new Date(args.receivedAt).toISOString(),
      byName: actor.name,
    };
    const recorded = { status: row.status, at: now.toISOString(), byName: actor.name, payment: { amount, method: args.method } };
    return {
      changes: { payments: [...row.payments, payment], history: [...row.history, recorded], amountPaidCents: moneyCents(paid.amountPaid), paymentStatus: paid.paymentStatus },
      step: 'paid',
    };
  });
}
