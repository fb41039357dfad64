/** A seller team's customer book on the server: its routes, its mutations and its pull. */
import { customers } from '../db/schema';
import { customerIdsNotAssignedSince, listCustomersChangedSince } from '../db/repositories/customers';
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
  readWithdrawn: customerIdsNotAssignedSince,
  owned: { table: customers, owners: [customers.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'customers' },
};
