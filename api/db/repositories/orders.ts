/** Orders in the database: money in cents, lines, history and payments as JSON, read with the seller's and the customer's names. */
import { and, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
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

function toOrder(row: { order: OrderRow; seller: typeof users.$inferSelect; customerName: string | null }, now: Date): Order {
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

function readable(reader: OrderReader): SQL {
  const asSeller = reader.repUserId === null ? eq(orders.sellerId, reader.teamId) : and(eq(orders.sellerId, reader.teamId), eq(customers.repUserId, reader.repUserId))!;
  return or(asSeller, eq(orders.buyerId, reader.teamId))!;
}

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
    .where(and(readable(reader), gt(orders.version, cursor)))
    .orderBy(desc(orders.updatedAt))
    .all();
  return rows.map((row) => toOrder(row, now));
}

/** Every order the reader may read, newest first, for the export. */
export async function listReadableOrders(db: Db, reader: OrderReader, now: Date): Promise<Order[]> {
  const rows = await selectOrders(db).where(readable(reader)).orderBy(desc(orders.createdAt), desc(orders.number)).all();
  return rows.map((row) => toOrder(row, now));
}

export type OrderQuery = { status?: OrderStatus; q?: string; limit: number; offset: number };

/** A page of the reader's orders, newest first: by status, and by a search of the number, the customer or the seller. */
export async function searchOrders(db: Db, reader: OrderReader, query: OrderQuery, now: Date): Promise<OrderList> {
  const conditions: SQL[] = [readable(reader)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^(so-?)?(\d{1,9})$/i.exec(q);
    conditions.push(
      or(
        likeIgnoringCase(db, customers.name, pattern),
        likeIgnoringCase(db, users.businessName, pattern),
        likeIgnoringCase(db, orders.note, pattern),
        ...(number ? [eq(orders.number, Number(number[2]))] : []),
      )!,
    );
  }
  const where = and(...conditions);
  const matching = () =>
    db
      .select({ id: orders.id, n: sql<number>`count(*) over ()` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.sellerId))
      .leftJoin(customers, eq(customers.id, orders.customerId));
  // The page's ids first, sorted on narrow rows: sorting whole orders (their lines and history) for a page of 50 cost most of the answer.
  const page = await matching().where(where).orderBy(desc(orders.createdAt), desc(orders.number)).limit(query.limit).offset(query.offset).all();
  const ids = page.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await selectOrders(db).where(inArray(orders.id, ids)).all();
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return { orders: ids.map((id) => toOrder(byId.get(id)!, now)), total: await totalOf(db, where, page, query) };
}

/** How many orders match: counted by the page's own query, unless the page is past the end and so holds no row to say. */
async function totalOf(db: Db, where: SQL | undefined, page: { n: number }[], query: OrderQuery): Promise<number> {
  if (page.length > 0) return Number(page[0]!.n);
  if (query.offset === 0) return 0;
  const counted = await db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .get();
  return Number(counted?.n ?? 0);
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

export async function insertOrder(db: Db, order: NewOrder, version: number, now: Date): Promise<void> {
  await db
    .insert(orders)
    .values({ ...order, version, createdAt: now, updatedAt: now })
    .run();
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
