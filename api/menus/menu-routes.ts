/** /api/menus: the signed-in seller's menus. */
import { Hono, type Context } from 'hono';
import { AppError } from '../../sync/contract/errors';
import { parseOrThrow } from '../../sync/contract/validation';
import { menuCreateSchema, menuLinkRegenerateSchema, menuUpdateSchema } from '../../sync/entities/menu';
import type { AppEnv } from '../context';
import { allow, memberOf, teamAccountOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { createMenu, deleteMenu, getMenu, listMenus, regenerateMenuLink, updateMenu } from './menu-service';

const seller = allow('seller');

export const menuRoutes = new Hono<AppEnv>()
  .get('/menus', seller, async (c) => c.json(await listMenus(c.get('services'), teamAccountOf(c))))
  .get('/menus/:id', seller, async (c) => c.json(await getMenu(c.get('services'), teamAccountOf(c), c.req.param('id'))))
  .post('/menus', seller, async (c) => c.json(await createMenu(c.get('services'), teamAccountOf(c), parseOrThrow(menuCreateSchema, await readJson(c)), memberOf(c)), 201))
  .put('/menus/:id', seller, async (c) =>
    c.json(await updateMenu(c.get('services'), teamAccountOf(c), c.req.param('id'), parseOrThrow(menuUpdateSchema, await readJson(c)), memberOf(c))),
  )
  .post('/menus/:id/regenerate-link', seller, async (c) => {
    const body = await readOptionalJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('validation', 'The request body must be a JSON object');
    const { publicLinkId } = parseOrThrow(menuLinkRegenerateSchema, body);
    return c.json(await regenerateMenuLink(c.get('services'), teamAccountOf(c), c.req.param('id'), publicLinkId, memberOf(c)));
  })
  .delete('/menus/:id', seller, async (c) => {
    await deleteMenu(c.get('services'), teamAccountOf(c), c.req.param('id'), memberOf(c));
    return c.body(null, 204);
  });

/** A body that may be left out: none (or an empty one) reads as `{}`. */
async function readOptionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON');
  }
}
