/** Orders on the server: their routes, their moves as mutations and their pull. */
import { orders } from '../db/schema';
import { countOrdersKept, listOrdersPage, orderIdsWithdrawnSince } from '../db/repositories/orders';
import type { ServerSlice } from '../sync/server-slice';
import type { User } from '../../sync/entities/user';
import type { Member } from '../context';
import { orderActor, readerOf, type OrderActor } from './order-actor';
import { acceptOrder, approveOrder, cancelOrder, deliverOrder, fulfilOrder, recordPayment, rejectOrder, updateOrderLines } from './order-moves';
import { orderRoutes } from './order-routes';
import { createOrders } from './order-runs';
import { createOrder, ordersChangedSince, reorder } from './order-service';

/** A pull reads as the member pulling, for the team's account. */
const pullActor = (user: User, by: Member): OrderActor => ({ account: user, member: by, name: '' });
const pullReader = (user: User, by: Member) => readerOf(pullActor(user, by));

export const orderSlice: ServerSlice<'orders'> = {
  routes: orderRoutes,
  appliers: {
    'order.create': (services, by, args) => createOrder(services, orderActor(by), args),
    'order.accept': (services, by, args) => acceptOrder(services, orderActor(by), args),
    'order.reject': (services, by, args) => rejectOrder(services, orderActor(by), args),
    'order.cancel': (services, by, args) => cancelOrder(services, orderActor(by), args),
    'order.updateLines': (services, by, args) => updateOrderLines(services, orderActor(by), args),
    'order.approve': (services, by, args) => approveOrder(services, orderActor(by), args),
    'order.fulfil': (services, by, args) => fulfilOrder(services, orderActor(by), args),
    'order.deliver': (services, by, args) => deliverOrder(services, orderActor(by), args),
    'order.recordPayment': (services, by, args) => recordPayment(services, orderActor(by), args),
    'order.reorder': (services, by, args) => reorder(services, orderActor(by), args),
  },
  batchAppliers: { 'order.create': (services, by, args) => createOrders(services, orderActor(by), args) },
  read: async (services, user, cursor, by, { keepClosedDays }) => (user.role === 'admin' ? [] : ordersChangedSince(services, pullActor(user, by), cursor, keepClosedDays)),
  pages: {
    read: async (services, user, by, { keepClosedDays }, page) =>
      user.role === 'admin' ? { rows: [], last: null } : listOrdersPage(services.db.read, pullReader(user, by), services.now(), keepClosedDays, page),
    count: async (services, user, by, { keepClosedDays }) => (user.role === 'admin' ? 0 : countOrdersKept(services.db.read, pullReader(user, by), services.now(), keepClosedDays)),
  },
  readWithdrawn: orderIdsWithdrawnSince,
  owned: { table: orders, owners: [orders.sellerId, orders.buyerId], whenClosed: 'keep', deletion: 'withdrawal', exportedAs: 'orders' },
};
