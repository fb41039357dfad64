/**
 * /menu/:publicLinkId as HTML the server drew (see menu-page-render), cached,
 * compressed once, with an ETag. A link that shows nothing (unknown,
 * regenerated, expired) answers 404 with the Menu Not Found card drawn in the
 * page, so link previews and crawlers see a dead page and the app takes it over;
 * so does the link's printed sheet, /menu/:publicLinkId/print.
 */
import { Hono, type Context, type Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Services } from '../context';
import { AppError } from '../../sync/contract/errors';
import { menuViewSearch, readMenuView } from '../../sync/rules/menu-view-choice';
import { ensureVisitorCookie } from '../analytics/record-menu-view';
import { sendKept } from '../platform/http/kept-answer';
import { MenuPageCache } from './menu-page-cache';
import { MenuPageFastPath } from './menu-page-fast-path';
import { menuPageUrl } from './page-url';
import { menuNotFoundPage, renderMenuNotFoundMarkup, renderMenuPage, type MenuPageKind } from './menu-page-render';
import type { PublicMenuCache } from './public-menu-cache';

/**
 * The menu page's route, and the fast path (see menu-page-fast-path) that
 * answers repeat visits from what the route drew. `learnHeaders` must run
 * outermost, where the answer carries every header the app adds.
 */
export function menuPages(indexHtml: () => string, services: Services, publicMenus: PublicMenuCache) {
  const pages = new MenuPageCache(publicMenus, (shell, menu, publicLinkId, url, viewSearch) => renderMenuPage(shell, { publicLinkId, menu }, url, viewSearch));
  const fastPath = new MenuPageFastPath(pages, services, indexHtml);
  const learnHeaders = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.get('menuPageDrawn') && c.res.status === 200) fastPath.learnHeaders(indexHtml(), c.res.headers);
  });
  // The card is the same for every dead link: drawn once per kind of page, then only the link's own id is written into each.
  const notFoundMarkup = new Map<MenuPageKind, Promise<string>>();
  const notFound = async (c: Context<AppEnv>, publicLinkId: string, next: Next, kind: MenuPageKind = 'menu') => {
    const markup = notFoundMarkup.get(kind) ?? renderMenuNotFoundMarkup(kind);
    notFoundMarkup.set(kind, markup);
    try {
      return c.html(menuNotFoundPage(indexHtml(), await markup, publicLinkId), 404, { 'Cache-Control': 'no-cache' });
    } catch (error) {
      notFoundMarkup.delete(kind);
      console.error('Could not render the Menu Not Found page', error);
      return next();
    }
  };
  const routes = new Hono<AppEnv>().get('/menu/:publicLinkId', async (c, next) => {
    const publicLinkId = c.req.param('publicLinkId');
    let page;
    try {
      // The filter form's choice, without JavaScript; only known values, so the pages kept per menu stay few.
      const viewSearch = menuViewSearch(readMenuView(new URL(c.req.url).search));
      page = await pages.page(services, publicLinkId, menuPageUrl(services.env.APP_URL, publicLinkId), indexHtml(), viewSearch);
    } catch (error) {
      if (error instanceof AppError && error.reason === 'not_found') return notFound(c, publicLinkId, next);
      // A page that cannot be drawn here is still drawn by the app in the browser.
      console.error('Could not render a menu page', error);
      return next();
    }
    // The page's own API call (or, with JavaScript off, its <noscript> image) records the view; the cookie it carries tells visitors behind one address apart.
    ensureVisitorCookie(c);
    c.set('menuPageDrawn', true);
    return sendKept(c, page.html, page, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'Content-Type': 'text/html; charset=UTF-8' });
  });
  // The printed sheet is drawn by the app; a dead link's sheet is dead too, with the same card and status as its menu page.
  routes.get('/menu/:publicLinkId/print', async (c, next) => {
    const publicLinkId = c.req.param('publicLinkId');
    try {
      await publicMenus.answer(services, publicLinkId);
    } catch (error) {
      if (error instanceof AppError && error.reason === 'not_found') return notFound(c, publicLinkId, next, 'print');
      console.error('Could not look up a menu for its printed sheet', error);
    }
    return next();
  });
  return { routes, learnHeaders, fastPath };
}
