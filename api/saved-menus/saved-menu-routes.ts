/** /api/saved-menus: the signed-in buyer's saved menus. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { allow, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { listSavedMenus, removeSavedMenu, saveMenu } from './saved-menu-service';

const buyer = allow('buyer');

export const savedMenuRoutes = new Hono<AppEnv>()
  .get('/saved-menus', buyer, async (c) => c.json(await listSavedMenus(c.get('services'), teamAccountOf(c))))
  .post('/saved-menus', buyer, async (c) => {
    const { saved, created } = await saveMenu(c.get('services'), teamAccountOf(c), await readJson(c));
    return c.json(saved, created ? 201 : 200);
  })
  .delete('/saved-menus/:id', buyer, async (c) => {
    await removeSavedMenu(c.get('services'), teamAccountOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
