/** A seller team's customer book on the server: its routes, its mutations and its pull. */
import { customers } from '../db/schema';
import { countCustomers, customerIdsNotAssignedSince, listCustomersChangedSince, listCustomersPage } from '../db/repositories/customers';
import { memberOfPusher as member, type ServerSlice } from '../sync/server-slice';
import { customerRoutes } from './customer-routes';
import { createCustomer, deleteCustomer, repFilter, updateCustomer } from './customer-service';

export const customerSlice: ServerSlice<'customers'> = {
  routes: customerRoutes,
  appliers: {
    'customer.create': (services, by, args) => createCustomer(services, by.team.account, args, member(by)),
    'customer.update': (services, by, { id, changes }) => updateCustomer(services, by.team.account, id, changes, member(by)),
    'customer.delete': (services, by, { id }) => deleteCustomer(services, by.team.account, id, member(by)),
  },
  read: async (services, user, cursor, by) => (user.role === 'seller' ? listCustomersChangedSince(services.db.read, user.id, cursor, repFilter(by)) : []),
  pages: {
    read: async (services, user, by, _scope, page) => (user.role === 'seller' ? listCustomersPage(services.db.read, user.id, repFilter(by), page) : { rows: [], last: null }),
    count: async (services, user, by) => (user.role === 'seller' ? countCustomers(services.db.read, user.id, repFilter(by)) : 0),
  },
  readWithdrawn: customerIdsNotAssignedSince,
  owned: { table: customers, owners: [customers.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'customers' },
};
