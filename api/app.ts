/**
 * Builds the HTTP app: the API under /api and, when a built front end is
 * given, the PWA's files with a fallback to its index for client routes.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { SiteInfo } from '../sync/entities/site-info';
import { AppError } from '../sync/contract/errors';
import { accountRoutes } from './account/account-routes';
import { adminRoutes } from './admin/admin-routes';
import { analyticsRoutes } from './analytics/analytics-routes';
import { authRoutes } from './auth/auth-routes';
import { browseRoutes } from './browse/browse-routes';
import type { AppEnv, Services } from './context';
import { appShell } from './platform/http/app-shell';
import { open } from './http/access';
import { authenticate } from './http/authenticate';
import { closeAfterRefusedBody } from './platform/http/close-after-refusal';
import { compressAnswers } from './platform/http/compress-answers';
import { menuEventRoutes } from './events/menu-event-routes';
import { errorResponse, handleError } from './platform/http/errors';
import { healthRoutes } from './http/health-routes';
import { securityHeaders } from './platform/http/security-headers';
import { mailRoutes } from './mail/mail-routes';
import { metrcRoutes } from './metrc/metrc-routes';
import { UPLOAD_PATH, uploadedFileRoutes, uploadRoutes } from './photos/upload-routes';
import { pushRoutes } from './push/push-routes';
import { teamRoutes } from './team/team-routes';
import { menuPages } from './public-menu/menu-page-routes';
import { pricedMenusOf } from './public-menu/priced-menus';
import { publicMenuRoutes } from './public-menu/public-menu-routes';
import { billingRoutes } from './billing/billing-routes';
import { syncRoutes } from './sync/sync-routes';
import { SERVER_SLICES } from './registry';
import { COLLECTION_NAMES } from '../sync/contract/collections';

const JSON_BODY_LIMIT = 1024 * 1024;
/** A push carries up to a batch of mutations (a product each, say): larger than one form, still bounded. */
const SYNC_PUSH_BODY_LIMIT = 16 * 1024 * 1024;

const limitBody = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => errorResponse(c, new AppError('payload_too_large', 'The request is too large')) });
const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
const pushBodyLimit = limitBody(SYNC_PUSH_BODY_LIMIT);

export function createApi(services: Services) {
  const menus = pricedMenusOf(services);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('services', services);
      await next();
    })
    // The upload route takes files up to the largest upload limit and applies its own body limit; a push gets a larger one.
    // A read carries no body to limit, and asking for one would make the Node adapter build a whole fetch Request.
    .use((c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      if (c.req.method === 'POST' && c.req.path === `/api${UPLOAD_PATH}`) return next();
      return (c.req.method === 'POST' && c.req.path === '/api/sync/push' ? pushBodyLimit : jsonBodyLimit)(c, next);
    })
    .use(authenticate)
    .route('/', healthRoutes())
    .get('/site', open, (c) => c.json({ supportEmail: services.env.SUPPORT_EMAIL ?? null } satisfies SiteInfo))
    .route('/', authRoutes)
    .route('/', teamRoutes)
    .route('/', menuEventRoutes(menus))
    .route('/', publicMenuRoutes(menus))
    .route('/', adminRoutes)
    .route('/', analyticsRoutes)
    .route('/', browseRoutes)
    .route('/', billingRoutes)
    .route('/', mailRoutes)
    .route('/', accountRoutes)
    .route('/', pushRoutes)
    .route('/', metrcRoutes)
    .route('/', syncRoutes)
    .route('/', uploadRoutes);
  // Each synced entity's routes, from its slice: their paths are the entity's own, so their place in the list is free.
  for (const name of COLLECTION_NAMES) api.route('/', SERVER_SLICES[name].routes);
  return api;
}

export type AppOptions = { staticRoot?: string };

export function createApp(services: Services, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  const indexHtml = options.staticRoot ? appShell(options.staticRoot) : undefined;
  const menuPageParts = indexHtml ? menuPages(indexHtml, services, pricedMenusOf(services).guests) : null;
  // Outermost: it sees a drawn menu page's answer with every header the middleware below adds.
  if (menuPageParts) app.use('/menu/*', menuPageParts.learnHeaders);
  app.use(secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  app.use(securityHeaders(indexHtml));
  app.use(closeAfterRefusedBody);
  app.use('/api/*', compressAnswers());
  app.route('/api', createApi(services));
  app.all('/api/*', (c) => c.json({ message: 'Not found', reason: 'not_found' }, 404));
  // Uploaded files, with or without the built front end (never its index fallback).
  app.route('/', uploadedFileRoutes(services));
  if (options.staticRoot && indexHtml && menuPageParts) serveFrontEnd(app, options.staticRoot, indexHtml, menuPageParts.routes);
  app.notFound((c) => c.json({ message: 'Not found', reason: 'not_found' }, 404));
  return Object.assign(app, { menuPageFastPath: menuPageParts?.fastPath ?? null });
}

export type App = ReturnType<typeof createApp>;

function serveFrontEnd(app: Hono<AppEnv>, root: string, indexHtml: () => string, menuPageRoutes: Hono<AppEnv>) {
  // Hashed build assets never change under their name; everything else is revalidated.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // A shared menu link is drawn on the server, with its own title and preview tags, and comes compressed from its cache
  // (ahead of the file lookup, which never holds it); a link that shows nothing gets a 404 page saying Menu Not Found.
  app.route('/', menuPageRoutes);
  app.use('*', compress());
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml());
  });
}
