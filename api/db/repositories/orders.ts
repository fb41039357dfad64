/** Orders in the database: money in cents, lines, history and payments as JSON, read with the seller's and the customer's names. */
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { centsAsMoney } from '../../../sync/rules/decimal';
import type { KeptClosedOrderDays, Order, OrderList, OrderStatus } from '../../../sync/entities/order';
import { partyName } from '../../../sync/entities/user';
import { isOverdue, orderCredit } from '../../../sync/rules/order-payments';
import { CLOSED_STATUSES, CLOSED_WHEN_PAID, ORDER_WORKING_SET_DAYS, PAID, workingSetCutoff } from '../../../sync/rules/order-working-set';
import type { Db } from '../database';
import { chunks } from '../chunks';
import { keysetOf, pageOf, type KeysetPage, type PageRequest } from '../keyset-page';
import { jsonArrayFieldLike, likeIgnoringCase } from '../sql-dialect';
import { customers, orderCounters, orders, tombstones, users } from '../schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'version' | 'createdAt' | 'updatedAt'>;
export type OrderChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'status'
    | 'resumeStatus'
    | 'stockHeld'
    | 'paymentStatus'
    | 'lines'
    | 'subtotalCents'
    | 'totalCents'
    | 'amountPaidCents'
    | 'deliveredAt'
    | 'dueAt'
    | 'history'
    | 'payments'
    | 'updatedBy'
  >
>;

/** The seller as an order names them. */
type OrderSeller = Pick<typeof users.$inferSelect, 'businessName' | 'companyName' | 'firstName' | 'lastName'>;

export function toOrder(row: { order: OrderRow; seller: OrderSeller; customerName: string | null }, now: Date): Order {
  const { order, seller } = row;
  return {
    id: order.id,
    number: `SO-${order.number}`,
    sellerTeamId: order.sellerId,
    sellerName: seller.businessName || partyName(seller, 'Cannabis Supplier'),
    buyerTeamId: order.buyerId,
    customerId: order.customerId,
    customerName: row.customerName ?? 'Customer',
    menuId: order.menuId,
    menuLinkId: order.linkId,
    inquiryId: order.inquiryId,
    status: order.status,
    resumeStatus: order.resumeStatus,
    paymentStatus: order.paymentStatus,
    lines: order.lines,
    subtotal: centsAsMoney(order.subtotalCents),
    total: centsAsMoney(order.totalCents),
    amountPaid: centsAsMoney(order.amountPaidCents),
    credit: orderCredit({ status: order.status, total: centsAsMoney(order.totalCents), amountPaid: centsAsMoney(order.amountPaidCents) }),
    paymentTerms: order.paymentTerms,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    dueAt: order.dueAt?.toISOString() ?? null,
    overdue: isOverdue({ dueAt: order.dueAt?.toISOString() ?? null, total: centsAsMoney(order.totalCents), amountPaid: centsAsMoney(order.amountPaidCents) }, now),
    note: order.note,
    history: order.history,
    payments: order.payments,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function selectOrders(db: Db) {
  return db
    .select({ order: orders, seller: users, customerName: customers.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .leftJoin(customers, eq(customers.id, orders.customerId));
}

/** Who reads: a team as seller or buyer; a rep of a seller team only the orders of customers assigned to them. */
export type OrderReader = { teamId: string; repUserId: string | null };

/**
 * One side the reader reads orders on: which orders (a condition on the orders table alone, so that each side walks its
 * own index newest first and stops at the page, where an OR of the two, or a join to name a rep's customers, sorted
 * every order the reader has), and where a search finds the names of their customers and sellers.
 */
type Side = { party: SQL; customersOf: SQL; sellersOf: SQL };

/** As seller, in the team's own book under its own name; as buyer, wherever each order's customer and seller are. A team is not its own customer; were it one, it would read such an order once, as the seller. */
function sides(db: Db, { teamId, repUserId }: OrderReader): [Side, Side] {
  const repsCustomers = (rep: string) =>
    db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.userId, teamId), eq(customers.repUserId, rep)));
  const asSeller = repUserId === null ? eq(orders.sellerId, teamId) : and(eq(orders.sellerId, teamId), inArray(orders.customerId, repsCustomers(repUserId)))!;
  return [
    { party: asSeller, customersOf: eq(customers.userId, teamId), sellersOf: eq(users.id, teamId) },
    { party: and(eq(orders.buyerId, teamId), ne(orders.sellerId, teamId))!, customersOf: eq(customers.id, orders.customerId), sellersOf: eq(users.id, orders.sellerId) },
  ];
}

const readable = (db: Db, reader: OrderReader): SQL => or(...sides(db, reader).map((side) => side.party))!;

export async function findOrderRow(db: Db, id: string): Promise<OrderRow | null> {
  return (await db.select().from(orders).where(eq(orders.id, id)).get()) ?? null;
}

/** Which of `ids` orders have already. */
export async function findOrderIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]))
    .all();
  return new Set(rows.map((row) => row.id));
}

export async function findOrder(db: Db, id: string, now: Date): Promise<Order | null> {
  const row = await selectOrders(db).where(eq(orders.id, id)).get();
  return row ? toOrder(row, now) : null;
}

/** The orders a device keeps at `now` with its window of `days` (`inOrderWorkingSet`, sync/rules/order-working-set.ts), as a condition. */
function inWorkingSet(now: Date, days: KeptClosedOrderDays): SQL {
  const closed = or(
    and(inArray(orders.status, CLOSED_STATUSES), eq(orders.amountPaidCents, 0)),
    and(eq(orders.status, CLOSED_WHEN_PAID), eq(orders.paymentStatus, PAID), lte(orders.amountPaidCents, orders.totalCents)),
  )!;
  return or(not(closed), gte(orders.updatedAt, new Date(workingSetCutoff(now, days))))!;
}

/**
 * The reader's orders changed after `cursor` that a device keeps, for a pull; a rep's also those of customers assigned to them since, which
 * come with the customer.
 */
export async function listOrdersChangedSince(db: Db, reader: OrderReader, cursor: number, now: Date, keepClosedDays: KeptClosedOrderDays): Promise<Order[]> {
  const newlyAssigned =
    reader.repUserId === null
      ? undefined
      : inArray(
          orders.customerId,
          db
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.userId, reader.teamId), eq(customers.repUserId, reader.repUserId), gt(customers.version, cursor))),
        );
  const rows = await selectOrders(db)
    .where(and(readable(db, reader), or(gt(orders.version, cursor), newlyAssigned), inWorkingSet(now, keepClosedDays)))
    .orderBy(desc(orders.updatedAt))
    .all();
  return rows.map((row) => toOrder(row, now));
}

/** A page of the reader's orders that a device keeps, newest change first, for a pull from nothing. */
export async function listOrdersPage(db: Db, reader: OrderReader, now: Date, keepClosedDays: KeptClosedOrderDays, page: PageRequest): Promise<KeysetPage<Order>> {
  const { where, orderBy } = keysetOf(orders.version, orders.id, page);
  const rows = await selectOrders(db)
    .where(and(readable(db, reader), inWorkingSet(now, keepClosedDays), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1)
    .all();
  return pageOf(
    rows.map((row) => ({ ...row, version: row.order.version, id: row.order.id })),
    page,
    (row) => toOrder(row, now),
  );
}

/** How many of the reader's orders a device keeps. */
export async function countOrdersKept(db: Db, reader: OrderReader, now: Date, keepClosedDays: KeptClosedOrderDays): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(orders)
        .where(and(readable(db, reader), inWorkingSet(now, keepClosedDays)))
        .get()
    )?.n ?? 0
  );
}

/**
 * The seller team's orders that left what the rep sees after `cursor`: those of customers changed since that are not
 * the rep's (reassigned away) or taken out of the book. Only ids leave.
 */
export async function orderIdsWithdrawnSince(db: Db, teamId: string, repUserId: string, cursor: number): Promise<string[]> {
  const notTheReps = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, teamId), gt(customers.version, cursor), or(isNull(customers.repUserId), ne(customers.repUserId, repUserId))));
  const deleted = db
    .select({ id: tombstones.entityId })
    .from(tombstones)
    .where(and(eq(tombstones.entity, 'customer'), eq(tombstones.userId, teamId), gt(tombstones.version, cursor)));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sellerId, teamId), or(inArray(orders.customerId, notTheReps), inArray(orders.customerId, deleted))))
    .all();
  return rows.map((row) => row.id);
}

/** Every order the reader may read, newest first, for the export. */
export async function listReadableOrders(db: Db, reader: OrderReader, now: Date): Promise<Order[]> {
  const rows = await selectOrders(db).where(readable(db, reader)).orderBy(desc(orders.createdAt), desc(orders.number)).all();
  return rows.map((row) => toOrder(row, now));
}

export type OrderQuery = { status?: OrderStatus; q?: string; archived?: boolean; keepClosedDays?: KeptClosedOrderDays; limit: number; offset: number };

/** The side's orders by status, only those no device keeps when `archived`, and by a search of the number, the customer's name, the seller's, a line's product or the note. */
function matching(db: Db, side: Side, query: OrderQuery, now: Date): SQL | undefined {
  const conditions: SQL[] = [side.party];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.archived) conditions.push(not(inWorkingSet(now, query.keepClosedDays ?? ORDER_WORKING_SET_DAYS)));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^(so-?)?(\d{1,9})$/i.exec(q);
    const customersNamed = db
      .select({ id: customers.id })
      .from(customers)
      .where(and(side.customersOf, likeIgnoringCase(db, customers.name, pattern)));
    const sellersNamed = db
      .select({ id: users.id })
      .from(users)
      .where(and(side.sellersOf, likeIgnoringCase(db, users.businessName, pattern)));
    conditions.push(
      or(
        inArray(orders.customerId, customersNamed),
        inArray(orders.sellerId, sellersNamed),
        likeIgnoringCase(db, orders.note, pattern),
        jsonArrayFieldLike(db, orders.lines, 'strainName', pattern),
        ...(number ? [eq(orders.number, Number(number[2]))] : []),
      )!,
    );
  }
  return and(...conditions);
}

type PageKey = { id: string; createdAt: Date; number: number };
const newestFirst = (a: PageKey, b: PageKey) => b.createdAt.getTime() - a.createdAt.getTime() || b.number - a.number;

/** The first `n` matching orders newest first, as their keys only: sorting whole orders (lines, history) cost most of a page. */
async function firstKeys(db: Db, where: SQL | undefined, n: number): Promise<PageKey[]> {
  return await db
    .select({ id: orders.id, createdAt: orders.createdAt, number: orders.number })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(n)
    .all();
}

async function countMatching(db: Db, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(orders).where(where).get())?.n ?? 0;
}

/** A page of the reader's orders, newest first: by status, and by a search of the number, the customer, the seller or a product. */
export async function searchOrders(db: Db, reader: OrderReader, query: OrderQuery, now: Date): Promise<OrderList> {
  const [asSeller, asBuyer] = sides(db, reader).map((side) => matching(db, side, query, now));
  // The page is among the first offset + limit of each side.
  const reach = query.offset + query.limit;
  const page = [...(await firstKeys(db, asSeller, reach)), ...(await firstKeys(db, asBuyer, reach))].sort(newestFirst).slice(query.offset, reach);
  const ids = page.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await selectOrders(db).where(inArray(orders.id, ids)).all();
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  // A short page that holds a row (or starts at the first) ends the list, and so says how many there are without counting.
  const ended = page.length < query.limit && (page.length > 0 || query.offset === 0);
  const total = ended ? query.offset + page.length : (await countMatching(db, asSeller)) + (await countMatching(db, asBuyer));
  return { orders: ids.map((id) => toOrder(byId.get(id)!, now)), total };
}

/** A seller's first order is numbered SO-1001; each later one takes the next number, none shared or skipped. */
const FIRST_ORDER_NUMBER = 1001;

/** About twenty values an order: well under either engine's bound on one statement's values (see chunks.ts). */
const ORDERS_PER_STATEMENT = 200;

/**
 * Writes new orders of one seller under the seller's next numbers, in the order given, and answers those written; one
 * whose id an order has already is left out (writing nothing of it, though its number was taken: the caller refuses
 * the run, and its rollback gives the numbers back). The counter's upsert and the inserts go out together: each row
 * reads the number the upsert just took, later in the same transaction, so a pipelining connection waits one round
 * trip for all. The counter's row stays locked to the transaction's end, so concurrent orders of one seller take
 * consecutive numbers.
 */
export async function insertNumberedOrders(db: Db, rows: Array<Omit<NewOrder, 'number'>>, version: number, now: Date): Promise<OrderRow[]> {
  const sellerId = rows[0]?.sellerId;
  if (sellerId === undefined) return [];
  if (rows.some((row) => row.sellerId !== sellerId)) throw new Error("A run of new orders is numbered by one seller's counter");
  const counted = db
    .insert(orderCounters)
    .values({ sellerId, lastNumber: FIRST_ORDER_NUMBER + rows.length - 1 })
    .onConflictDoUpdate({ target: orderCounters.sellerId, set: { lastNumber: sql`${orderCounters.lastNumber} + ${rows.length}` } })
    .run();
  const lastTaken = sql`(select ${orderCounters.lastNumber} from ${orderCounters} where ${orderCounters.sellerId} = ${sellerId})`;
  const numbered = rows.map((row, k) => ({ ...row, number: sql`${lastTaken} - ${rows.length - 1 - k}`, version, createdAt: now, updatedAt: now }));
  const inserted = chunks(numbered, ORDERS_PER_STATEMENT).map((chunk) => db.insert(orders).values(chunk).onConflictDoNothing({ target: orders.id }).returning().all());
  const [, ...written] = await Promise.all([counted, ...inserted]);
  return written.flat();
}

export async function updateOrder(db: Db, id: string, changes: OrderChanges, version: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ ...changes, version, updatedAt: now })
    .where(eq(orders.id, id))
    .run();
}

/**
 * The orders the seller wrote for a customer before the buyer consented stayed with the seller; now they are the buyer
 * team's too, in its next pull (the orders themselves did not change, so their `updatedAt` stays).
 */
export async function giveSellerOrdersToBuyer(db: Db, sellerId: string, customerId: string, buyerTeamId: string, version: number): Promise<void> {
  await db
    .update(orders)
    .set({ buyerId: buyerTeamId, version })
    .where(and(eq(orders.sellerId, sellerId), eq(orders.customerId, customerId), sql`${orders.buyerId} is null`))
    .run();
}

/**
 * The customer's other orders that could be overdue: delivered (so with a due date) and not paid in full. Narrowed
 * here so a customer's whole history is never read; which of them are overdue is `isOverdue` in sync/rules/order-payments.ts.
 */
export async function customerOrdersOwing(db: Db, customerId: string, exceptOrderId: string): Promise<Array<Pick<Order, 'number' | 'dueAt' | 'total' | 'amountPaid'>>> {
  const rows = await db
    .select({ number: orders.number, dueAt: orders.dueAt, totalCents: orders.totalCents, amountPaidCents: orders.amountPaidCents })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.id} <> ${exceptOrderId}`, sql`${orders.dueAt} IS NOT NULL`, sql`${orders.amountPaidCents} < ${orders.totalCents}`))
    .orderBy(orders.number)
    .all();
  return rows.map((row) => ({
    number: `SO-${row.number}`,
    dueAt: row.dueAt?.toISOString() ?? null,
    total: centsAsMoney(row.totalCents),
    amountPaid: centsAsMoney(row.amountPaidCents),
  }));
}
