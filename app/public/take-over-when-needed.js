// A shared menu's page comes drawn by the server and reads as it is. Its app (the cart, filters, sign-in, saving)
// costs a phone one long task to start, so it starts only when it is needed (docs/decisions/016-a-shared-menu-starts-its-app-when-needed.md):
// at the visitor's first touch, key or focus; at once when this device shows the page otherwise than drawn (someone
// signed in, the compact list chosen); or when the menu changed since it was drawn. A tap or choice made while the app starts
// is played again once the app has taken the page over (it says so with the 'app:took-over' event).
const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');
const root = document.getElementById('root');
const link = /^\/menu\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const TOOK_OVER = 'app:took-over';
const INTERACTIONS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'];
// How long a held tap waits for its control once the app has taken over; past that, it was for something now gone.
const TAP_WAITS_MS = 10_000;
const CONTROL = 'a[href], button, select, input, textarea, label, summary, [role="button"], [role="tab"], [role="checkbox"]';

if (entry && root) {
  let started = false;
  let lastTap = null;
  let lastChoice = null;
  let stream = null;

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, start, true);
    // The app's code could not be had (offline before it was ever kept, say): the page stops holding taps, and a
    // link held is followed by the browser.
    import(entry).catch(() => {
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('change', holdChoice, true);
      if (lastTap?.control instanceof HTMLAnchorElement) location.assign(lastTap.control.href);
    });
  };

  // The app is not there yet to answer a tap: the tap is held, and made again once it is.
  // A link the browser opens elsewhere (a new tab, a download, another site) is left to the browser.
  const leftToBrowser = (event, control) =>
    event.button !== 0 ||
    event.ctrlKey ||
    event.metaKey ||
    event.shiftKey ||
    event.altKey ||
    (control instanceof HTMLAnchorElement && (control.target === '_blank' || control.hasAttribute('download') || control.origin !== location.origin));
  const holdTap = (event) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    if (!control || !root.contains(control) || leftToBrowser(event, control)) return;
    event.preventDefault();
    event.stopPropagation();
    lastTap = { control, tag: control.tagName, name: nameOf(control) };
    start();
  };
  // Someone signed in tapped a button the server drew for a guest: the app replaces it with their own, which has
  // the same name but may come a moment later (its code loads, their saved data opens), so the tap waits for it.
  const nameOf = (control) => (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
  const counterpartOf = ({ control, tag, name }) => {
    if (control.isConnected) return control.disabled ? null : control;
    return [...root.querySelectorAll(tag)].find((candidate) => !candidate.disabled && nameOf(candidate) === name) ?? null;
  };
  const playAgain = (held) => {
    const found = counterpartOf(held);
    if (found) return found.click();
    const watch = new MutationObserver(() => {
      const later = counterpartOf(held);
      if (!later) return;
      stop();
      later.click();
    });
    const stop = () => {
      watch.disconnect();
      clearTimeout(giveUp);
    };
    const giveUp = setTimeout(stop, TAP_WAITS_MS);
    watch.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  };
  const holdChoice = (event) => {
    if (event.target instanceof HTMLSelectElement && root.contains(event.target)) lastChoice = { control: event.target, value: event.target.value };
  };
  document.addEventListener('click', holdTap, true);
  document.addEventListener('change', holdChoice, true);

  document.addEventListener(
    TOOK_OVER,
    () => {
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('change', holdChoice, true);
      stream?.close();
      if (lastChoice?.control.isConnected) {
        lastChoice.control.value = lastChoice.value;
        lastChoice.control.dispatchEvent(new Event('change', { bubbles: true }));
      }
      if (lastTap) playAgain(lastTap);
    },
    { once: true },
  );

  // Someone signed in sees their own prices and actions, and a device that chose the compact list sees the list:
  // the drawn page shows neither, so the app takes it over at once.
  const drawnPageDiffers = (() => {
    try {
      return localStorage.getItem('auth_token') !== null || localStorage.getItem('menu-layout') === 'list';
    } catch {
      return false;
    }
  })();

  const drawnMenu = (() => {
    try {
      // No menu on the page (a link that shows nothing): nothing to check or follow.
      const menu = JSON.parse(document.getElementById('public-menu-data')?.textContent ?? 'null')?.menu;
      return menu ? JSON.stringify(menu) : null;
    } catch {
      return null;
    }
  })();

  // Once the page is quiet: the view is counted and the menu checked against the server's (the request the app
  // would make), its changes followed as they happen, and the service worker registered so the menu opens offline.
  const whenQuiet = (work) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 500));
  const followChanges = () => {
    if (started || !link || typeof EventSource === 'undefined') return;
    stream = new EventSource(`/api/public/menu/${link}/events`);
    stream.addEventListener('menu', (event) => event.data !== drawnMenu && start());
    stream.addEventListener('gone', start);
    // Refused (the server follows only so many at once): the app asks again when the server says.
    stream.addEventListener('error', () => stream.readyState === EventSource.CLOSED && start());
  };
  const checkMenu = () => {
    if (started || !link || drawnMenu === null) return;
    fetch(`/api/public/menu/${link}`, { headers: { Accept: 'application/json' } })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((menu) => {
        if (JSON.stringify(menu) !== drawnMenu) return start();
        // The app need not ask again: the menu on the page is the server's.
        document.documentElement.dataset.menuChecked = 'same';
        followChanges();
      })
      .catch(() => undefined);
  };
  const registerWorker = () => {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };

  if (drawnPageDiffers) {
    requestAnimationFrame(() => setTimeout(start));
  } else {
    for (const type of INTERACTIONS) document.addEventListener(type, start, { capture: true, passive: true });
    requestAnimationFrame(() =>
      setTimeout(() =>
        whenQuiet(() => {
          checkMenu();
          registerWorker();
        }),
      ),
    );
  }
}
