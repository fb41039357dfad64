/**
 * /menu/:publicLinkId as HTML the server drew (see menu-page-render), cached,
 * compressed once, with an ETag. An unknown link falls through to the app's
 * plain page, which says Menu Not Found.
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Services } from '../context';
import { AppError } from '../../sync/errors';
import { menuViewSearch, readMenuView } from '../../sync/menu-view-choice';
import { ensureVisitorCookie } from '../analytics/record-menu-view';
import { acceptsGzip, matchesEtag } from '../http/conditional';
import { requestHeader } from '../http/request-headers';
import { MenuPageCache } from './menu-page-cache';
import { MenuPageFastPath } from './menu-page-fast-path';
import { menuPageUrl } from './page-url';
import { renderMenuPage } from './menu-page-render';
import type { PublicMenuCache } from './public-menu-cache';

/**
 * The menu page's route, and the fast path (see menu-page-fast-path) that
 * answers repeat visits from what the route drew. `learnHeaders` must run
 * outermost, where the answer carries every header the app adds.
 */
export function menuPages(indexHtml: () => string, services: Services, publicMenus: PublicMenuCache) {
  const pages = new MenuPageCache(publicMenus, (shell, menu, publicLinkId, url, viewSearch) =>
    renderMenuPage(shell, { publicLinkId, menu }, url, viewSearch),
  );
  const fastPath = new MenuPageFastPath(pages, services, indexHtml);
  const learnHeaders = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.get('menuPageDrawn') && c.res.status === 200) fastPath.learnHeaders(indexHtml(), c.res.headers);
  });
  const routes = new Hono<AppEnv>().get('/menu/:publicLinkId', async (c, next) => {
    let page;
    try {
      // The filter form's choice, without JavaScript; only known values, so the pages kept per menu stay few.
      const viewSearch = menuViewSearch(readMenuView(new URL(c.req.url).search));
      const publicLinkId = c.req.param('publicLinkId');
      page = await pages.page(services, publicLinkId, menuPageUrl(services.env.APP_URL, publicLinkId), indexHtml(), viewSearch);
    } catch (error) {
      // A page that cannot be drawn here is still drawn by the app in the browser.
      if (!(error instanceof AppError && error.reason === 'not_found')) console.error('Could not render a menu page', error);
      return next();
    }
    // The page's own API call (or, with JavaScript off, its <noscript> image) records the view; the cookie it carries tells visitors behind one address apart.
    ensureVisitorCookie(c);
    c.set('menuPageDrawn', true);
    const headers: Record<string, string> = { ETag: page.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'Content-Type': 'text/html; charset=UTF-8' };
    const ifNoneMatch = requestHeader(c, 'if-none-match');
    if (matchesEtag(ifNoneMatch, page.etag)) return c.body(null, 304, headers);
    if (acceptsGzip(requestHeader(c, 'accept-encoding'))) return c.body(page.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(page.html, 200, headers);
  });
  return { routes, learnHeaders, fastPath };
}
