/*
 * Imported into the generated service worker. Where the browser has
 * Background Sync, the app registers the 'replica-outbox' tag when a change
 * waits; when the browser fires it (connectivity is back), open windows of
 * the app are told to sync now. The app's own triggers (online, visibility,
 * timer) do the same everywhere else, so nothing depends on this.
 */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'replica-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'sync-now' });
    }),
  );
});
