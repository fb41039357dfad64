/** The app on Node's HTTP server, with the shared menu page's fast path (see menu-page-fast-path) ahead of the framework. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { App } from '../app';
import { isMenuPageRequest } from '../public-menu/menu-page-fast-path';
import { answerUnreadableRequest, refusedForItsHost } from '../platform/http/malformed-request';

export function serveApp(app: App, options: { port: number; hostname: string }, onListening?: (info: AddressInfo) => void): Server {
  const appListener = getRequestListener(app.fetch, { hostname: options.hostname, errorHandler: answerUnreadableRequest });
  const fastPath = app.menuPageFastPath;
  const server = createServer((request, response) => {
    if (refusedForItsHost(request, response)) return;
    // Everything but a menu page goes straight to the app, with no promise in between.
    if (!fastPath || !isMenuPageRequest(request)) return void appListener(request, response);
    fastPath.serve(request, response).then(
      (served) => {
        if (!served) void appListener(request, response);
      },
      (error: unknown) => {
        console.error('The menu page fast path failed; the app answers instead', error);
        if (!response.headersSent) void appListener(request, response);
      },
    );
  });
  server.listen(options.port, options.hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}
