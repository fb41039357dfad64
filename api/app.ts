/**
 * Builds the HTTP app: the API under /api and, when a built front end is
 * given, the PWA's files with a fallback to its index for client routes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { PublicMenu } from '../sync/entities/public-menu';
import { AppError } from '../sync/errors';
import { adminRoutes } from './admin/admin-routes';
import { analyticsRoutes } from './analytics/analytics-routes';
import { authRoutes } from './auth/auth-routes';
import { browseRoutes } from './browse/browse-routes';
import { inquiryRoutes } from './inquiries/inquiry-routes';
import type { AppEnv, Services } from './context';
import { authenticate } from './http/authenticate';
import { errorResponse, handleError } from './http/errors';
import { menuRoutes } from './menus/menu-routes';
import { UPLOAD_PATH, uploadedFileRoutes, uploadRoutes } from './photos/upload-routes';
import { productRoutes } from './products/product-routes';
import { withLinkPreview } from './public-menu/link-preview';
import { PublicMenuCache } from './public-menu/public-menu-cache';
import { publicMenuRoutes } from './public-menu/public-menu-routes';
import { savedMenuRoutes } from './saved-menus/saved-menu-routes';
import { subscriptionRoutes } from './subscription/subscription-routes';
import { syncRoutes } from './sync/sync-routes';

const JSON_BODY_LIMIT = 1024 * 1024;
/** A push carries up to a batch of mutations (a product each, say): larger than one form, still bounded. */
const SYNC_PUSH_BODY_LIMIT = 16 * 1024 * 1024;

const limitBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => errorResponse(c, new AppError('payload_too_large', 'The request is too large')) });
const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
const pushBodyLimit = limitBody(SYNC_PUSH_BODY_LIMIT);

export function createApi(services: Services, publicMenus = new PublicMenuCache()) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('services', services);
      await next();
    })
    // The upload route takes files up to the largest upload limit and applies its own body limit; a push gets a larger one.
    .use((c, next) => {
      if (c.req.method === 'POST' && c.req.path === `/api${UPLOAD_PATH}`) return next();
      return (c.req.method === 'POST' && c.req.path === '/api/sync/push' ? pushBodyLimit : jsonBodyLimit)(c, next);
    })
    .use(authenticate)
    .get('/health', (c) =>
      services.db.ping() ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable', message: 'The database is not reachable' }, 503),
    )
    .route('/', authRoutes)
    .route('/', productRoutes)
    .route('/', menuRoutes)
    .route('/', publicMenuRoutes(publicMenus))
    .route('/', savedMenuRoutes)
    .route('/', adminRoutes)
    .route('/', analyticsRoutes)
    .route('/', inquiryRoutes)
    .route('/', browseRoutes)
    .route('/', subscriptionRoutes)
    .route('/', syncRoutes)
    .route('/', uploadRoutes);
}

export type AppOptions = { staticRoot?: string };

export function createApp(services: Services, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false }));
  app.use('/api/*', compress());
  const publicMenus = new PublicMenuCache();
  app.route('/api', createApi(services, publicMenus));
  app.all('/api/*', (c) => c.json({ message: 'Not found', reason: 'not_found' }, 404));
  // Uploaded files, with or without the built front end (never its index fallback).
  app.route('/', uploadedFileRoutes(services.env.uploadsDir));
  if (options.staticRoot) serveFrontEnd(app, services, options.staticRoot, publicMenus);
  app.notFound((c) => c.json({ message: 'Not found', reason: 'not_found' }, 404));
  return app;
}

/** The address the visitor used, as a proxy in front of the server saw it when one is trusted. */
function pageUrl(requestUrl: string, forwardedProto: string | undefined, forwardedHost: string | undefined, trustProxy: boolean): string {
  const url = new URL(requestUrl);
  if (trustProxy && forwardedProto) url.protocol = `${forwardedProto.split(',')[0]!.trim()}:`;
  if (trustProxy && forwardedHost) url.host = forwardedHost.split(',')[0]!.trim();
  return url.toString();
}

function serveFrontEnd(app: Hono<AppEnv>, services: Services, root: string, publicMenus: PublicMenuCache) {
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
  // Hashed build assets never change under their name; everything else is revalidated.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', compress());
  app.use('*', serveStatic({ root, onFound: (_path, c) => { if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache'); } }));
  // A shared menu link gets its own title and preview tags; an unknown link gets the plain page (which says Menu Not Found).
  app.get('/menu/:publicLinkId', async (c, next) => {
    try {
      const menu = JSON.parse((await publicMenus.answer(services, c.req.param('publicLinkId'))).json) as PublicMenu;
      c.header('Cache-Control', 'no-cache');
      return c.html(withLinkPreview(indexHtml, menu, pageUrl(c.req.url, c.req.header('x-forwarded-proto'), c.req.header('x-forwarded-host'), services.env.TRUST_PROXY)));
    } catch {
      return next();
    }
  });
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
