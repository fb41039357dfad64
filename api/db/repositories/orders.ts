/** Orders in the database: money in cents, lines, history and payments as JSON, read with the seller's and the customer's names. */
import { and, count, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { formatScaled } from '../../../sync/decimal';
import type { Order, OrderList, OrderStatus } from '../../../sync/entities/order';
import { partyName } from '../../../sync/entities/user';
import { isOverdue } from '../../../sync/order-payments';
import type { Db } from '../database';
import { likeIgnoringCase } from '../sql-dialect';
import { customers, orderCounters, orders, users } from '../schema';

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

const money = (cents: number) => formatScaled(cents, 2);

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
    inquiryId: order.inquiryId,
    status: order.status,
    resumeStatus: order.resumeStatus,
    paymentStatus: order.paymentStatus,
    lines: order.lines,
    subtotal: money(order.subtotalCents),
    total: money(order.totalCents),
    amountPaid: money(order.amountPaidCents),
    paymentTerms: order.paymentTerms,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    dueAt: order.dueAt?.toISOString() ?? null,
    overdue: isOverdue({ dueAt: order.dueAt?.toISOString() ?? null, total: money(order.totalCents), amountPaid: money(order.amountPaidCents) }, now),
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

export async function findOrder(db: Db, id: string, now: Date): Promise<Order | null> {
  const row = await selectOrders(db).where(eq(orders.id, id)).get();
  return row ? toOrder(row, now) : null;
}

/** The reader's orders changed after `cursor`, for a pull. */
export async function listOrdersChangedSince(db: Db, reader: OrderReader, cursor: number, now: Date): Promise<Order[]> {
  const rows = await selectOrders(db)
    .where(and(readable(db, reader), gt(orders.version, cursor)))
    .orderBy(desc(orders.updatedAt))
    .all();
  return rows.map((row) => toOrder(row, now));
}

/** Every order the reader may read, newest first, for the export. */
export async function listReadableOrders(db: Db, reader: OrderReader, now: Date): Promise<Order[]> {
  const rows = await selectOrders(db).where(readable(db, reader)).orderBy(desc(orders.createdAt), desc(orders.number)).all();
  return rows.map((row) => toOrder(row, now));
}

export type OrderQuery = { status?: OrderStatus; q?: string; limit: number; offset: number };

/** The side's orders by status, and by a search of the number, the customer's name, the seller's or the note. */
function matching(db: Db, side: Side, query: OrderQuery): SQL | undefined {
  const conditions: SQL[] = [side.party];
  if (query.status) conditions.push(eq(orders.status, query.status));
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

/** A page of the reader's orders, newest first: by status, and by a search of the number, the customer or the seller. */
export async function searchOrders(db: Db, reader: OrderReader, query: OrderQuery, now: Date): Promise<OrderList> {
  const [asSeller, asBuyer] = sides(db, reader).map((side) => matching(db, side, query));
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

/**
 * The seller's next order number, taken in the order's transaction: the counter row is made at 1001 the first time,
 * or raised by one, and read back, all in one statement, so concurrent orders wait for each other and never share or
 * skip a number.
 */
export async function takeOrderNumber(db: Db, sellerId: string): Promise<number> {
  const row = await db
    .insert(orderCounters)
    .values({ sellerId, lastNumber: 1001 })
    .onConflictDoUpdate({ target: orderCounters.sellerId, set: { lastNumber: sql`${orderCounters.lastNumber} + 1` } })
    .returning({ number: orderCounters.lastNumber })
    .get();
  return Number(row!.number);
}

/** Writes a new order and answers it as written, or null (writing nothing) when an order has that id already. */
export async function insertOrder(db: Db, order: NewOrder, version: number, now: Date): Promise<OrderRow | null> {
  return (
    (await db
      .insert(orders)
      .values({ ...order, version, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: orders.id })
      .returning()
      .get()) ?? null
  );
}

export async function updateOrder(db: Db, id: string, changes: OrderChanges, version: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ ...changes, version, updatedAt: now })
    .where(eq(orders.id, id))
    .run();
}

/**
 * The customer's other orders that could be overdue: delivered (so with a due date) and not paid in full. Narrowed
 * here so a customer's whole history is never read; which of them are overdue is `isOverdue` in sync/order-payments.ts.
 */
export async function customerOrdersOwing(db: Db, customerId: string, exceptOrderId: string): Promise<Array<Pick<Order, 'number' | 'dueAt' | 'total' | 'amountPaid'>>> {
  const rows = await db
    .select({ number: orders.number, dueAt: orders.dueAt, totalCents: orders.totalCents, amountPaidCents: orders.amountPaidCents })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.id} <> ${exceptOrderId}`, sql`${orders.dueAt} IS NOT NULL`, sql`${orders.amountPaidCents} < ${orders.totalCents}`))
    .orderBy(orders.number)
    .all();
  return rows.map((row) => ({ number: `SO-${row.number}`, dueAt: row.dueAt?.toISOString() ?? null, total: money(row.totalCents), amountPaid: money(row.amountPaidCents) }));
}
