/** A buyer's saved menus on the server: their routes, their mutations and their pull. */
import { savedMenus } from '../db/schema';
import type { ServerSlice } from '../sync/server-slice';
import { savedMenuRoutes } from './saved-menu-routes';
import { listSavedMenus, markSavedMenuSeen, removeSavedMenu, saveMenu, updateSavedMenu } from './saved-menu-service';

export const savedMenuSlice: ServerSlice<'savedMenus'> = {
  routes: savedMenuRoutes,
  appliers: {
    'savedMenu.save': (services, by, args) => saveMenu(services, by.team.account, args),
    'savedMenu.update': (services, by, { id, changes }) => updateSavedMenu(services, by.team.account, id, changes),
    'savedMenu.markSeen': (services, by, { id, stamp }) => markSavedMenuSeen(services, by.team.account, id, stamp),
    'savedMenu.remove': (services, by, { id }) => removeSavedMenu(services, by.team.account, id),
  },
  read: async (services, user, cursor) => (user.role === 'buyer' ? listSavedMenus(services, user, cursor) : []),
  owned: { table: savedMenus, owners: [savedMenus.buyerUserId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'savedMenus' },
};
