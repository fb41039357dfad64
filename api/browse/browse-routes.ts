/** /api/browse: public-listing menus for signed-in users (buyers browse; sellers may look too). */
import { Hono } from 'hono';
import { parseOrThrow } from '../../sync/contract/validation';
import { browseQuerySchema } from '../../sync/entities/browse';
import type { AppEnv } from '../context';
import { anySignedIn } from '../http/access';
import { browse, listBrowseSellers } from './browse-service';

export const browseRoutes = new Hono<AppEnv>()
  .get('/browse', anySignedIn, async (c) => c.json(await browse(c.get('services'), parseOrThrow(browseQuerySchema, c.req.query()))))
  .get('/browse/sellers', anySignedIn, async (c) => c.json(await listBrowseSellers(c.get('services'))));
