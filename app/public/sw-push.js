/*
 * Imported into the generated service worker. A push carries JSON
 * { title, body, url, tag, badgeCount }: the worker shows it (one
 * notification per tag, so news about one order replaces the last), sets
 * the app badge and has open windows sync. A click opens the notification's page in the app: an open
 * window is brought forward and taken there, else a new one opens.
 */
const PUSH_ICON = '/icons/icon-192.png';

/** `path` as an address of this app; null for anything else (`//elsewhere.example` included). */
function appUrl(path) {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.href : null;
}

/** The message of a push, or null when it is not one of ours (nothing is shown for it). */
function pushMessageOf(data) {
  if (!data) return null;
  let message;
  try {
    message = data.json();
  } catch {
    return null;
  }
  if (!message || typeof message.title !== 'string' || !appUrl(message.url)) return null;
  return message;
}

function notificationOptions(message) {
  return {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    icon: PUSH_ICON,
    badge: PUSH_ICON,
    data: { url: message.url },
  };
}

function setBadge(count) {
  if (!Number.isInteger(count) || count < 0) return Promise.resolve();
  const navigator = self.navigator;
  if (count === 0 && navigator.clearAppBadge) return navigator.clearAppBadge().catch(() => undefined);
  if (navigator.setAppBadge) return navigator.setAppBadge(count).catch(() => undefined);
  return Promise.resolve();
}

/** The app's window to take to `url`: one already there, else the focused one, else any; null when none is open. */
function windowFor(windows, url) {
  const own = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  return own.find((client) => client.url === url) || own.find((client) => client.focused) || own[0] || null;
}

async function openInApp(url) {
  const client = windowFor(await self.clients.matchAll({ type: 'window', includeUncontrolled: true }), url);
  if (!client) return self.clients.openWindow(url);
  // Focus may be refused (it needs the click's permission); the window is still taken to the page.
  await client.focus().catch(() => undefined);
  if (client.url === url) return client;
  // A window this worker does not control cannot be navigated from here: a new one opens at the page instead.
  const navigated = await client.navigate(url).catch(() => null);
  return navigated || self.clients.openWindow(url);
}

/** The news is on the server: an open window pulls it now rather than at its next turn. */
async function syncOpenWindows() {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'sync-now' });
}

self.addEventListener('push', (event) => {
  const message = pushMessageOf(event.data);
  if (!message) return;
  event.waitUntil(Promise.all([self.registration.showNotification(message.title, notificationOptions(message)), setBadge(message.badgeCount), syncOpenWindows()]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  if (url) event.waitUntil(openInApp(url));
});
