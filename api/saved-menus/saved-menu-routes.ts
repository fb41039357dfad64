/** /api/saved-menus: the signed-in buyer's saved menus. */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { savedMenuCreateSchema } from '../../sync/entities/saved-menu';
import type { AppEnv } from '../context';
import { allow, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { listSavedMenus, removeSavedMenu, saveMenu } from './saved-menu-service';

const buyer = allow('buyer');

export const savedMenuRoutes = new Hono<AppEnv>()
  .get('/saved-menus', buyer, async (c) => c.json(await listSavedMenus(c.get('services'), teamAccountOf(c))))
  .post('/saved-menus', buyer, async (c) => {
    const { saved, created } = await saveMenu(c.get('services'), teamAccountOf(c), parseOrThrow(savedMenuCreateSchema, await readJson(c)));
    return c.json(saved, created ? 201 : 200);
  })
  .delete('/saved-menus/:id', buyer, async (c) => {
    await removeSavedMenu(c.get('services'), teamAccountOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
