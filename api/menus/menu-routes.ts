/** /api/menus: the signed-in seller's menus (spec section 7). */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, sessionOf } from '../http/access';
import { readJson } from '../http/read-json';
import { createMenu, deleteMenu, getMenu, listMenus, updateMenu } from './menu-service';

const seller = allow('seller');

export const menuRoutes = new Hono<AppEnv>()
  .get('/menus', seller, async (c) => c.json(await listMenus(c.get('services'), sessionOf(c).user)))
  .get('/menus/:id', seller, async (c) => c.json(await getMenu(c.get('services'), sessionOf(c).user, c.req.param('id'))))
  .post('/menus', seller, async (c) => c.json(await createMenu(c.get('services'), sessionOf(c).user, await readJson(c)), 201))
  .put('/menus/:id', seller, async (c) =>
    c.json(await updateMenu(c.get('services'), sessionOf(c).user, c.req.param('id'), await readJson(c))),
  )
  .delete('/menus/:id', seller, async (c) => {
    await deleteMenu(c.get('services'), sessionOf(c).user, c.req.param('id'));
    return c.body(null, 204);
  });
