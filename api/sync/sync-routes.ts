/** /api/sync/*: the device's push and pull; any signed-in user, each mutation checked like its REST route. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { anySignedIn, sessionOf } from '../http/access';
import { readJson } from '../platform/http/read-json';
import { pull, push } from './sync-service';

export const syncRoutes = new Hono<AppEnv>()
  .post('/sync/push', anySignedIn, async (c) => c.json(await push(c.get('services'), sessionOf(c), await readJson(c))))
  .get('/sync/pull', anySignedIn, async (c) =>
    c.json(
      await pull(c.get('services'), sessionOf(c), {
        cursor: c.req.query('cursor'),
        clientId: c.req.query('clientId'),
        keepClosedDays: c.req.query('keepClosedDays'),
        page: c.req.query('page'),
        limit: c.req.query('limit'),
      }),
    ),
  );
