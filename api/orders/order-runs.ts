/**
 * Orders created many in a row, as a push brings them: a rep back in signal sends the day's booth orders at once.
 * Each is checked exactly as `createOrder` checks one alone after those before it (an id already sent, the customer,
 * the lines' prices and the stock, less what the run's orders accepted as they were written hold), then the run is
 * numbered and written together, so it costs a few round trips to the database rather than a few per order. A buyer's orders go one at a time: each reaches a menu and may put the
 * buyer in a seller's book, which the next one must see. The run is counted against the order quota at once; a run
 * the quota has no room for goes one order at a time, so the push stops exactly at the order over it.
 */
import type { z } from 'zod';
import type { orderCreateSchema } from '../../sync/entities/order';
import { AppError } from '../../sync/contract/errors';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { findCustomersOfSeller } from '../db/repositories/customers';
import { findOrderIds, insertNumberedOrders, type NewOrder } from '../db/repositories/orders';
import { CUSTOMER_NOT_FOUND } from '../customers/customer-service';
import { RetryLaterError } from '../platform/limits/rate-limited-error';
import type { OrderActor } from './order-actor';
import { priceLines, readLineProducts } from './order-lines';
import { findCustomerPriceLists } from './order-price-lists';
import { placedBy, takeOrderQuota } from './order-quota';
import {
  ALREADY_SENT,
  announceNewOrder,
  BUYERS_ORDER_FROM_MENUS,
  createOrder,
  holdNewOrderStock,
  mayWriteFor,
  newOrderRow,
  sellerPricing,
  type NewOrderParts,
} from './order-service';
import { heldBy } from './order-stock';

type Outcome = AppError | null;
type Wanted = { index: number; args: ReturnType<typeof orderCreateSchema.parse> };
type Accepted = { index: number; parts: NewOrderParts; row: Omit<NewOrder, 'number'> };

/**
 * For each input, in order: null when the order was written, or why it was refused (nothing of it written); a
 * RetryLaterError when it was not tried for the quota, which holds it and every one after it.
 */
export async function createOrders(services: Services, actor: OrderActor, inputs: z.output<typeof orderCreateSchema>[]): Promise<Outcome[]> {
  if (actor.account.role !== 'seller') return oneAtATime(services, actor, inputs);
  const outcomes: Outcome[] = inputs.map(() => null);
  const wanted: Wanted[] = inputs.map((args, index) => ({ index, args }));
  if (wanted.length === 0) return outcomes;
  return services.db.transaction(async (tx) => {
    const now = services.now();
    const accepted = await checkRun(tx, actor, wanted, outcomes, now);
    const rows = new Map(
      (
        await insertNumberedOrders(
          tx.db,
          accepted.map((order) => order.row),
          tx.version,
          now,
        )
      ).map((row) => [row.id, row]),
    );
    // Another transaction wrote one of these ids since they were read: the run fails as a whole, and its orders go one at a time.
    if (rows.size !== accepted.length) throw new AppError('conflict', ALREADY_SENT);
    await holdNewOrderStock(tx, [...rows.values()], now);
    // Counted together once written; a run over the quota is rolled back, and its orders go one at a time up to it.
    await takeOrderQuota(
      services,
      accepted.map(({ parts }) => placedBy(actor, parts.seller.id, parts.customer.id)),
    );
    for (const { parts, row } of accepted) await announceNewOrder(services, tx, actor, rows.get(row.id)!, parts, now);
    return outcomes;
  });
}

/** The run's orders that pass every check, in order; each refused one gets its reason in `outcomes`. */
async function checkRun(tx: Tx, actor: OrderActor, wanted: Wanted[], outcomes: Outcome[], now: Date): Promise<Accepted[]> {
  const seller = actor.account;
  const customerIds = wanted.flatMap(({ args }) => ('customerId' in args ? [args.customerId] : []));
  // Read together: on PostgreSQL they go out in one round trip.
  const [book, lists, products, sent] = await Promise.all([
    findCustomersOfSeller(tx.db, seller.id, customerIds),
    findCustomerPriceLists(tx.db, seller.id, customerIds),
    readLineProducts(
      tx.db,
      wanted.flatMap(({ args }) => args.lines),
    ),
    findOrderIds(
      tx.db,
      wanted.map(({ args }) => args.id),
    ),
  ]);
  const accepted: Accepted[] = [];
  // What is left in stock after the run's orders before each, which those accepted as they are written hold (as read at first).
  let left: Map<string, number> | null = null;
  for (const { index, args } of wanted) {
    const refusal = refusalOf(() => {
      // Whatever else would refuse it now, an order already written (before, or earlier in this run) was sent.
      if (sent.has(args.id)) throw new AppError('conflict', ALREADY_SENT);
      if (!('customerId' in args)) throw new AppError('forbidden', BUYERS_ORDER_FROM_MENUS);
      const customer = book.get(args.customerId);
      if (!mayWriteFor(actor, customer)) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
      const priced = priceLines(products, args.lines, sellerPricing(seller.id, lists.get(customer.id) ?? null, now));
      left ??= new Map(priced.stock);
      const parts: NewOrderParts = { id: args.id, seller, customer, menuId: null, linkId: null, ...priced, stock: left, note: args.note, acceptNow: args.accept };
      const row = newOrderRow(actor, parts, now);
      accepted.push({ index, parts, row });
      sent.add(args.id);
      if (row.stockHeld) for (const held of heldBy(priced.lines)) left.set(held.productId, (left.get(held.productId) ?? 0) - held.thousandths);
    });
    if (refusal) outcomes[index] = refusal;
  }
  return accepted;
}

/** Each order in its own transaction; from the first over the quota on, none is tried, and each answers that quota. */
async function oneAtATime(services: Services, actor: OrderActor, inputs: z.output<typeof orderCreateSchema>[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const input of inputs) {
    const overQuota = outcomes.find((outcome) => outcome instanceof RetryLaterError);
    if (overQuota) {
      outcomes.push(overQuota);
      continue;
    }
    try {
      await createOrder(services, actor, input);
      outcomes.push(null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(error);
    }
  }
  return outcomes;
}

/** The refusal `check` throws, or null when it passes; any other failure goes on up. */
function refusalOf(check: () => unknown): AppError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error;
  }
}
