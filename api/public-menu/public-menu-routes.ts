/**
 * /api/public/menu/:publicLinkId: open to anyone with the link, no login;
 * cached, compressed, with an ETag. Its `view.gif` counts a view for a page
 * read with JavaScript off (the page asks for it only inside <noscript>);
 * `products/:productId/open` counts a product's photos or lab results opened.
 */
import { Hono } from 'hono';
import { ProductOpens } from '../analytics/product-opens';
import { recordMenuView } from '../analytics/record-menu-view';
import type { AppEnv } from '../context';
import { open } from '../http/access';
import { acceptsGzip, matchesEtag } from '../http/conditional';
import { requestHeader } from '../http/request-headers';
import { PublicMenuCache } from './public-menu-cache';

/** The smallest transparent GIF: 1 by 1 pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function publicMenuViewPixelPath(publicLinkId: string): string {
  return `/api/public/menu/${encodeURIComponent(publicLinkId)}/view.gif`;
}

export function publicMenuRoutes(cache = new PublicMenuCache(), productOpens = new ProductOpens()) {
  return new Hono<AppEnv>()
    .post('/public/menu/:publicLinkId/products/:productId/open', open, async (c) => {
      await productOpens.record(c, await cache.answer(c.get('services'), c.req.param('publicLinkId')), c.req.param('productId'));
      return c.body(null, 204);
    })
    .get('/public/menu/:publicLinkId/view.gif', open, async (c) => {
      recordMenuView(c, await cache.answer(c.get('services'), c.req.param('publicLinkId')));
      return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
    })
    .get('/public/menu/:publicLinkId', open, async (c) => {
    const services = c.get('services');
    const answer = await cache.answer(services, c.req.param('publicLinkId'));
    recordMenuView(c, answer);
    const headers: Record<string, string> = {
      ETag: answer.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json; charset=UTF-8',
    };
    const ifNoneMatch = requestHeader(c, 'if-none-match');
    if (matchesEtag(ifNoneMatch, answer.etag)) {
      return c.body(null, 304, headers);
    }
    if (acceptsGzip(requestHeader(c, 'accept-encoding'))) {
      return c.body(answer.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' });
    }
    return c.body(answer.json, 200, headers);
    });
}
