/**
 * Whom orders are billed to and where they ship (sync/rules/postal-address.ts's `billToOf`): the seller's customer entry,
 * filled in from the buyer's own business profile. Read for one order (its invoice) or many at once (the export).
 */
import type { Customer } from '../../sync/entities/customer';
import type { Order } from '../../sync/entities/order';
import type { User } from '../../sync/entities/user';
import { billToOf, type BillTo } from '../../sync/rules/postal-address';
import { chunks } from '../db/chunks';
import type { Db } from '../db/database';
import { findCustomersOfSeller } from '../db/repositories/customers';
import { findUsersByIds } from '../db/repositories/users';

type BilledOrder = Pick<Order, 'id' | 'sellerTeamId' | 'customerId' | 'buyerTeamId' | 'customerName'>;

const distinct = (ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => id !== null))];

/** The bill-to of each order, by order id: a few queries whatever the number of orders. */
export async function billTosOf(db: Db, orders: readonly BilledOrder[]): Promise<Map<string, BillTo>> {
  const entries = new Map<string, Customer>();
  for (const sellerId of distinct(orders.map((order) => order.sellerTeamId))) {
    const ids = distinct(orders.filter((order) => order.sellerTeamId === sellerId).map((order) => order.customerId));
    for (const chunk of chunks(ids)) for (const [id, entry] of await findCustomersOfSeller(db, sellerId, chunk)) entries.set(id, entry);
  }
  const buyers = new Map<string, User>();
  for (const chunk of chunks(distinct(orders.map((order) => order.buyerTeamId)))) for (const [id, user] of await findUsersByIds(db, chunk)) buyers.set(id, user);
  return new Map(
    orders.map((order) => [order.id, billToOf(order.customerName, entries.get(order.customerId) ?? null, order.buyerTeamId ? (buyers.get(order.buyerTeamId) ?? null) : null)]),
  );
}
