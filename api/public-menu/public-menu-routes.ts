/** /api/public/menu/:publicLinkId: open to anyone with the link, no login; cached, compressed, with an ETag. */
import { Hono } from 'hono';
import { recordMenuView } from '../analytics/record-menu-view';
import type { AppEnv } from '../context';
import { open } from '../http/access';
import { PublicMenuCache } from './public-menu-cache';

export function publicMenuRoutes(cache = new PublicMenuCache()) {
  return new Hono<AppEnv>().get('/public/menu/:publicLinkId', open, async (c) => {
    const services = c.get('services');
    const answer = await cache.answer(services, c.req.param('publicLinkId'));
    recordMenuView(c, answer);
    const headers: Record<string, string> = {
      ETag: answer.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json; charset=UTF-8',
    };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
      return c.body(null, 304, headers);
    }
    if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
      return c.body(answer.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' });
    }
    return c.body(answer.json, 200, headers);
  });
}
