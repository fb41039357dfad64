/*
 * Imported into the generated service worker. API requests go straight to the
 * network, past the worker, which has nothing to do with them (public menus
 * aside, kept for offline). In Chromium a new version waits until the old
 * worker is idle, and requests keep it awake: with sync retrying while the
 * server was down, 'Reload' stayed on 'Reloading…' for minutes. Browsers
 * without static routing (event.addRoutes) send the requests through the
 * worker as before.
 */
self.addEventListener('install', (event) => {
  if (!('addRoutes' in event)) return;
  const path = (pathname) => ({ urlPattern: new URLPattern({ pathname }) });
  // Optional: a rule this browser does not take must not fail the install.
  event
    .addRoutes([
      { condition: path('/api/public/menu/*'), source: 'fetch-event' },
      { condition: path('/api/*'), source: 'network' },
    ])
    .catch(() => undefined);
});
