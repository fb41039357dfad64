/** Menus on the server: their routes, their mutations and their pull. */
import { menus } from '../db/schema';
import { exportMenus, listMenusChangedSince } from '../db/repositories/menus';
import { memberOfPusher as member, type ServerSlice } from '../sync/server-slice';
import { menuRoutes } from './menu-routes';
import { createMenu, deleteMenu, regenerateMenuLink, updateMenu } from './menu-service';

export const menuSlice: ServerSlice<'menus'> = {
  routes: menuRoutes,
  appliers: {
    'menu.create': (services, by, args) => createMenu(services, by.team.account, args, member(by)),
    'menu.update': (services, by, { id, changes }) => updateMenu(services, by.team.account, id, changes, member(by)),
    'menu.regenerateLink': (services, by, { id, publicLinkId }) => regenerateMenuLink(services, by.team.account, id, publicLinkId, member(by)),
    'menu.delete': (services, by, { id }) => deleteMenu(services, by.team.account, id, member(by)),
  },
  read: async (services, user, cursor) => (user.role === 'seller' ? listMenusChangedSince(services.db.read, user.id, cursor) : []),
  owned: { table: menus, owners: [menus.userId], whenClosed: 'delete', deletion: 'trigger', exportedAs: 'menus', exported: exportMenus },
};
