/**
 * Orders: placed by a buyer from a menu they reached, or written by the seller's team for a customer; read by their
 * two parties only (a rep only for the customers assigned to them). REST and sync both call these, so one place
 * validates, prices and writes.
 */
import type { z } from 'zod';
import type { Customer } from '../../sync/entities/customer';
import type { User } from '../../sync/entities/user';
import type { orderCreateSchema, orderListQuerySchema, orderReorderSchema } from '../../sync/entities/order';
import type { KeptClosedOrderDays, Order, OrderLine, OrderList } from '../../sync/entities/order';
import { menuReachable, type Menu } from '../../sync/entities/menu';
import { AppError } from '../../sync/contract/errors';
import { applicablePriceList, calendarDay } from '../../sync/rules/pricing';
import { orderMove } from '../../sync/rules/order-states';
import { mayHandleCustomer } from '../../sync/rules/team-permissions';
import { addBuyerAsCustomer } from '../customers/buyer-links';
import { CUSTOMER_NOT_FOUND } from '../customers/customer-service';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { findCustomerOfSeller } from '../db/repositories/customers';
import { findMenu } from '../db/repositories/menus';
import { findOrder, findOrderRow, insertNumberedOrders, listOrdersChangedSince, searchOrders, toOrder, type NewOrder, type OrderRow } from '../db/repositories/orders';
import { findUserById } from '../db/repositories/users';
import { RetryLaterError } from '../platform/limits/rate-limited-error';
import { MENU_NOT_FOUND_MESSAGE, reachMenu } from '../public-menu/public-menu-service';
import { ORDER_NOT_FOUND, partyOf, readerOf, type OrderActor } from './order-actor';
import { findCustomerPriceLists, findPriceLists, type OrderPriceList } from './order-price-lists';
import { linesTotalCents, priceLines, readLineProducts, type LineInput, type PricingRules } from './order-lines';
import { notifyOrderStep } from './order-mail';
import { placedBy, takeOrderQuota } from './order-quota';
import { heldBy, holdStock, shortfalls, stockRefusal, type StockChange } from './order-stock';

export async function listOrders(services: Services, actor: OrderActor, query: z.output<typeof orderListQuerySchema>): Promise<OrderList> {
  return searchOrders(services.db.read, readerOf(actor), query, services.now());
}

/** The orders a pull brings: the actor's changed after `cursor` that a device keeping closed orders for `keepClosedDays` holds. */
export function ordersChangedSince(services: Services, actor: OrderActor, cursor: number, keepClosedDays: KeptClosedOrderDays): Promise<Order[]> {
  return listOrdersChangedSince(services.db.read, readerOf(actor), cursor, services.now(), keepClosedDays);
}

export async function getOrder(services: Services, actor: OrderActor, id: string): Promise<Order> {
  const db = services.db.read;
  const row = await findOrderRow(db, id);
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
  await partyOf(db, actor, row);
  return (await findOrder(db, id, services.now()))!;
}

/** How a buyer's order from a menu (as read in this transaction) is priced: their list with that seller in effect, else the menu's bound list, else list prices. */
async function buyerPricing(tx: Tx, sellerId: string, customer: Customer, menu: Pick<Menu, 'priceListId' | 'productIds'>, now: Date): Promise<PricingRules> {
  const menuListId = menu.priceListId ?? null;
  const lists = await findPriceLists(tx.db, sellerId, [customer.priceListId, menuListId]);
  const listOf = (id: string | null) => (id === null ? null : (lists.get(id) ?? null));
  return { sellerId, list: applicablePriceList(listOf(customer.priceListId), listOf(menuListId), calendarDay(now)), offered: new Set(menu.productIds), buyerTerms: true };
}

/** How the seller's team prices an order it writes: the customer's list in effect (read with the entry), else list prices. */
export function sellerPricing(sellerId: string, customerList: OrderPriceList | null, now: Date): PricingRules {
  return { sellerId, list: applicablePriceList(customerList, null, calendarDay(now)), offered: null, buyerTerms: false };
}

/** The seller's customer the actor may write for: a rep only their own. */
export function mayWriteFor(actor: OrderActor, customer: Customer | null | undefined): customer is Customer {
  return !!customer && mayHandleCustomer(actor.member.role, actor.member.userId, customer.repUserId);
}

async function customerForSeller(tx: Tx, actor: OrderActor, customerId: string): Promise<Customer> {
  const customer = await findCustomerOfSeller(tx.db, actor.account.id, customerId);
  if (!mayWriteFor(actor, customer)) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  return customer;
}

/** The buyer's entry in the seller's book, where ordering puts them as saving a menu does. */
async function customerForBuyer(tx: Tx, sellerId: string, actor: OrderActor, now: Date): Promise<Customer> {
  const customer = await addBuyerAsCustomer(tx, sellerId, actor.account, now);
  if (!customer) throw new AppError('forbidden', 'A team cannot order from itself');
  return customer;
}

export type NewOrderParts = {
  id: string;
  seller: User;
  customer: Customer;
  menuId: string | null;
  /** The menu's link the buyer ordered through (see `menuReachable`); null for an order the seller's team wrote. */
  linkId: string | null;
  lines: OrderLine[];
  totalCents: number;
  note: string;
  /** What is in stock of the lines' products, as read to price them in this transaction. */
  stock: ReadonlyMap<string, number>;
  /** The seller's team accepts the order it writes as it writes it (see `sellerOrderCreateSchema`): it holds its stock at once. */
  acceptNow: boolean;
};

export const ALREADY_SENT = 'This order was already sent';
export const BUYERS_ORDER_FROM_MENUS = 'Only a buyer can order from a menu';

/**
 * A new order's row, before its number: submitted, or accepted at once when the seller's team writes it so (the same
 * move Accept makes, recorded in its history after the submission), priced as `parts` says; refused when the stock
 * read falls short of its lines. An accepted one is marked as holding its stock, which `holdNewOrderStock` takes.
 */
export function newOrderRow(actor: OrderActor, parts: NewOrderParts, now: Date): Omit<NewOrder, 'number'> {
  const short = shortfalls(heldBy(parts.lines), parts.stock);
  if (short.length > 0) throw stockRefusal(short);
  const at = now.toISOString();
  const submitted = { status: 'submitted', at, byName: actor.name } as const;
  const accepted = parts.acceptNow ? orderMove({ status: 'submitted', resumeStatus: null }, 'accept', 'seller') : null;
  if (accepted && !accepted.ok) throw new AppError('invalid_transition', accepted.message);
  return {
    id: parts.id,
    sellerId: parts.seller.id,
    buyerId: parts.customer.buyerTeamId,
    customerId: parts.customer.id,
    menuId: parts.menuId,
    linkId: parts.linkId,
    status: accepted ? accepted.status : 'submitted',
    stockHeld: accepted !== null,
    lines: parts.lines,
    subtotalCents: parts.totalCents,
    totalCents: parts.totalCents,
    paymentTerms: parts.customer.paymentTerms,
    note: parts.note,
    history: accepted ? [submitted, { status: accepted.status, at, byName: actor.name }] : [submitted],
    payments: [],
    createdBy: actor.member.userId,
    updatedBy: actor.member.userId,
  };
}

/** Takes the stock of the new orders accepted as they were written off their products, product by product. */
export async function holdNewOrderStock(tx: Tx, rows: readonly OrderRow[], now: Date): Promise<void> {
  const held = new Map<string, StockChange>();
  for (const change of rows.filter((row) => row.stockHeld).flatMap((row) => heldBy(row.lines))) {
    const sum = held.get(change.productId);
    held.set(change.productId, sum ? { ...sum, thousandths: sum.thousandths + change.thousandths } : change);
  }
  await holdStock(tx, [...held.values()], now);
}

/** The order as written, told to the other party and the customer's rep. */
export async function announceNewOrder(services: Services, tx: Tx, actor: OrderActor, row: OrderRow, parts: Pick<NewOrderParts, 'seller' | 'customer'>, now: Date): Promise<Order> {
  const order = toOrder({ order: row, seller: parts.seller, customerName: parts.customer.name }, now);
  await notifyOrderStep(services, tx, order, 'submitted', { teamId: actor.account.id, userId: actor.member.userId }, parts.customer.repUserId);
  return order;
}

/** Numbers and writes a new order, and tells the other party; an order that has the id already is refused as sent. */
async function placeOrder(services: Services, tx: Tx, actor: OrderActor, parts: NewOrderParts): Promise<Order> {
  const now = services.now();
  const [row] = await insertNumberedOrders(tx.db, [newOrderRow(actor, parts, now)], tx.version, now);
  // Nothing written: the transaction's end gives the number back.
  if (!row) throw new AppError('conflict', ALREADY_SENT);
  await holdNewOrderStock(tx, [row], now);
  // Last, once written: an order refused or sent twice spends none of the quota; one over it is rolled back with its number.
  await takeOrderQuota(services, [placedBy(actor, parts.seller.id, parts.customer.id)]);
  return announceNewOrder(services, tx, actor, row, parts, now);
}

/**
 * A create whose id an order has already answers that it was sent, whatever else would refuse it now: the insert
 * finds that out without a look first, and a refusal before the insert looks once (only then, as refusals are rare).
 */
export async function createOrder(services: Services, actor: OrderActor, input: z.output<typeof orderCreateSchema>): Promise<Order> {
  const args = input;
  return services.db.transaction(async (tx) => {
    try {
      return await writeNewOrder(services, tx, actor, args);
    } catch (error) {
      // An order over the quota was written before it was counted: it is not one sent before.
      if (error instanceof AppError && !(error instanceof RetryLaterError) && (await findOrderRow(tx.db, args.id))) throw new AppError('conflict', ALREADY_SENT);
      throw error;
    }
  });
}

async function writeNewOrder(services: Services, tx: Tx, actor: OrderActor, args: ReturnType<typeof orderCreateSchema.parse>): Promise<Order> {
  const now = services.now();
  if ('customerId' in args) {
    if (actor.account.role !== 'seller') throw new AppError('forbidden', 'Only the seller can write an order for a customer');
    // Read together: on PostgreSQL they go out in one round trip.
    const [customer, customerLists, products] = await Promise.all([
      customerForSeller(tx, actor, args.customerId),
      findCustomerPriceLists(tx.db, actor.account.id, [args.customerId]),
      readLineProducts(tx.db, args.lines),
    ]);
    const priced = priceLines(products, args.lines, sellerPricing(actor.account.id, customerLists.get(customer.id) ?? null, now));
    return placeOrder(services, tx, actor, { id: args.id, seller: actor.account, customer, menuId: null, linkId: null, ...priced, note: args.note, acceptNow: args.accept });
  }
  if (actor.account.role !== 'buyer') throw new AppError('forbidden', BUYERS_ORDER_FROM_MENUS);
  const [{ menu, seller }, products] = await Promise.all([reachMenu(tx.db, now, args.menuId, { link: args.publicLinkId }), readLineProducts(tx.db, args.lines)]);
  const customer = await customerForBuyer(tx, seller.id, actor, now);
  const priced = priceLines(products, args.lines, await buyerPricing(tx, seller.id, customer, menu, now));
  return placeOrder(services, tx, actor, { id: args.id, seller, customer, menuId: menu.id, linkId: menu.publicLinkId, ...priced, note: args.note, acceptNow: false });
}

export type LeftOut = { productId: string; strainName: string; reason: string };

/** A new order with the same lines at today's prices; what can no longer be ordered is left out and named. */
export async function reorder(services: Services, actor: OrderActor, input: z.output<typeof orderReorderSchema>): Promise<{ order: Order; leftOut: LeftOut[] }> {
  const { id, newOrderId } = input;
  return services.db.transaction(async (tx) => {
    const row = await findOrderRow(tx.db, id);
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    const { party } = await partyOf(tx.db, actor, row);
    if (await findOrderRow(tx.db, newOrderId)) throw new AppError('conflict', ALREADY_SENT);
    const now = services.now();
    let customer: Customer;
    let rules: PricingRules;
    let seller: User | null = actor.account;
    let linkId = row.linkId;
    if (party === 'buyer') {
      const menu = row.menuId ? await findMenu(tx.db, row.menuId) : null;
      seller = await findUserById(tx.db, row.sellerId);
      // Through the link the buyer ordered by, as every other path to the menu: a link regenerated or expired, a seller gone or a menu deleted ends reordering from it.
      if (!menu || !menuReachable(menu, seller, { recordedLink: row.linkId }, now)) throw new AppError('not_found', MENU_NOT_FOUND_MESSAGE);
      customer = await customerForBuyer(tx, row.sellerId, actor, now);
      rules = await buyerPricing(tx, row.sellerId, customer, menu, now);
      linkId = menu.publicLinkId;
    } else {
      let customerLists: Map<string, OrderPriceList>;
      [customer, customerLists] = await Promise.all([customerForSeller(tx, actor, row.customerId), findCustomerPriceLists(tx.db, row.sellerId, [row.customerId])]);
      rules = sellerPricing(row.sellerId, customerLists.get(customer.id) ?? null, now);
    }
    const wanted: LineInput[] = row.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
    const priced = priceLines(await readLineProducts(tx.db, wanted), wanted, rules, true);
    const leftOut: LeftOut[] = priced.problems.map(({ productId, strainName, reason }) => ({ productId, strainName, reason }));
    const short = new Set(shortfalls(heldBy(priced.lines), priced.stock).map((line) => line.productId));
    for (const line of priced.lines.filter((candidate) => short.has(candidate.productId))) {
      leftOut.push({ productId: line.productId, strainName: line.strainName, reason: `${line.strainName}: not enough in stock` });
    }
    const lines = priced.lines.filter((line) => !short.has(line.productId));
    if (lines.length === 0) throw new AppError('validation', 'Nothing on this order can be ordered again');
    const totalCents = linesTotalCents(lines);
    const order = await placeOrder(services, tx, actor, {
      id: newOrderId,
      seller: seller!,
      customer,
      menuId: row.menuId,
      linkId,
      lines,
      totalCents,
      // A new order says what the buyer wants now: the old order's delivery note is not copied.
      note: '',
      stock: priced.stock,
      // The seller's team ordering again for its customer accepts the new order as it writes it, as a new one it writes.
      acceptNow: party === 'seller',
    });
    return { order, leftOut };
  });
}
