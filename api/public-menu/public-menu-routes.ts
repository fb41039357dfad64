/**
 * /api/public/menu/:publicLinkId: open to anyone with the link, no login;
 * cached, compressed, with an ETag. Its `view.gif` counts a view for a page
 * read with JavaScript off (the page asks for it only inside <noscript>);
 * `products/:productId/open` counts a product's photos or lab results opened.
 * A signed-in buyer is answered with their own prices (see `priced-menus.ts`).
 */
import { Hono } from 'hono';
import { ProductOpens } from '../analytics/product-opens';
import { recordMenuView } from '../analytics/record-menu-view';
import type { AppEnv } from '../context';
import { open } from '../http/access';
import { sendKept } from '../platform/http/kept-answer';
import type { PricedMenus } from './priced-menus';

/** The smallest transparent GIF: 1 by 1 pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function publicMenuViewPixelPath(publicLinkId: string): string {
  return `/api/public/menu/${encodeURIComponent(publicLinkId)}/view.gif`;
}

export function publicMenuRoutes(menus: PricedMenus, productOpens = new ProductOpens()) {
  return new Hono<AppEnv>()
    .post('/public/menu/:publicLinkId/products/:productId/open', open, async (c) => {
      await productOpens.record(c, await menus.guests.answer(c.get('services'), c.req.param('publicLinkId')), c.req.param('productId'));
      return c.body(null, 204);
    })
    .get('/public/menu/:publicLinkId/view.gif', open, async (c) => {
      recordMenuView(c, await menus.guests.answer(c.get('services'), c.req.param('publicLinkId')));
      return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
    })
    .get('/public/menu/:publicLinkId', open, async (c) => {
      const session = c.get('session');
      const buyerTeamId = session?.user.role === 'buyer' ? session.team.id : null;
      const answer = await menus.answer(c.get('services'), c.req.param('publicLinkId'), buyerTeamId);
      recordMenuView(c, answer);
      // A signed-in buyer's own prices: kept for them alone by whatever caches the answer on the way.
      if (buyerTeamId) {
        return sendKept(c, answer.json, answer, {
          'Cache-Control': 'private, no-cache',
          Vary: 'Accept-Encoding, Authorization',
          'Content-Type': 'application/json; charset=UTF-8',
        });
      }
      return sendKept(c, answer.json, answer, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'Content-Type': 'application/json; charset=UTF-8' });
    });
}
