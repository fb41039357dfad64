/** /api/public/menu/:publicLinkId: open to anyone with the link, no login. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { open } from '../http/access';
import { getPublicMenu } from './public-menu-service';

export const publicMenuRoutes = new Hono<AppEnv>().get('/public/menu/:publicLinkId', open, async (c) =>
  c.json(await getPublicMenu(c.get('services'), c.req.param('publicLinkId'))),
);
