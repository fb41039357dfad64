/** A seller team's price lists on the server: their routes, their mutations and their pull. */
import { priceLists } from '../db/schema';
import { listPriceListsChangedSince } from '../db/repositories/price-lists';
import { memberOfPusher as member, type ServerSlice } from '../sync/server-slice';
import { priceListRoutes } from './price-list-routes';
import { deletePriceList, savePriceList } from './price-list-service';

export const priceListSlice: ServerSlice<'priceLists'> = {
  routes: priceListRoutes,
  appliers: {
    'priceList.save': (services, by, args) => savePriceList(services, by.team.account, args, member(by), 'upsert'),
    'priceList.delete': (services, by, { id }) => deletePriceList(services, by.team.account, id, member(by)),
  },
  // Reps read every list: their device prices what they show and sell by them.
  read: async (services, user, cursor) => (user.role === 'seller' ? listPriceListsChangedSince(services.db.read, user.id, cursor) : []),
  owned: { table: priceLists, owners: [priceLists.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'priceLists' },
};
