/**
 * /menu/:publicLinkId as HTML the server drew (see menu-page-render), cached,
 * compressed once, with an ETag. An unknown link falls through to the app's
 * plain page, which says Menu Not Found.
 */
import { Hono } from 'hono';
import type { AppEnv, Services } from '../context';
import { AppError } from '../../sync/errors';
import { menuViewSearch, readMenuView } from '../../app/components/menu-view/sort-products';
import { ensureVisitorCookie } from '../analytics/record-menu-view';
import { MenuPageCache } from './menu-page-cache';
import { renderMenuPage } from './menu-page-render';
import type { PublicMenuCache } from './public-menu-cache';

/** The address the visitor used (without its query), as a proxy in front of the server saw it when one is trusted. */
export function pageUrl(requestUrl: string, forwardedProto: string | undefined, forwardedHost: string | undefined, trustProxy: boolean): string {
  const url = new URL(requestUrl);
  if (trustProxy && forwardedProto) url.protocol = `${forwardedProto.split(',')[0]!.trim()}:`;
  if (trustProxy && forwardedHost) url.host = forwardedHost.split(',')[0]!.trim();
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function menuPageRoutes(indexHtml: () => string, services: Services, publicMenus: PublicMenuCache) {
  const pages = new MenuPageCache(publicMenus, (shell, menu, publicLinkId, url, viewSearch) =>
    renderMenuPage(shell, { publicLinkId, menu }, url, viewSearch),
  );
  return new Hono<AppEnv>().get('/menu/:publicLinkId', async (c, next) => {
    const url = pageUrl(c.req.url, c.req.header('x-forwarded-proto'), c.req.header('x-forwarded-host'), services.env.TRUST_PROXY > 0);
    let page;
    try {
      // The filter form's choice, without JavaScript; only known values, so the pages kept per menu stay few.
      const viewSearch = menuViewSearch(readMenuView(new URL(c.req.url).search));
      page = await pages.page(services, c.req.param('publicLinkId'), url, indexHtml(), viewSearch);
    } catch (error) {
      // A page that cannot be drawn here is still drawn by the app in the browser.
      if (!(error instanceof AppError && error.reason === 'not_found')) console.error('Could not render a menu page', error);
      return next();
    }
    // The page's own API call (or, with JavaScript off, its <noscript> image) records the view; the cookie it carries tells visitors behind one address apart.
    ensureVisitorCookie(c);
    const headers: Record<string, string> = { ETag: page.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'Content-Type': 'text/html; charset=UTF-8' };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) return c.body(null, 304, headers);
    if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) return c.body(page.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(page.html, 200, headers);
  });
}
