/**
 * Follows a public menu's changes while it is open: the server streams the
 * whole menu on each change (see GET /api/public/menu/:publicLinkId/events).
 * EventSource reconnects by itself after a drop and names the last event it
 * had, so nothing is missed; `gone` means the menu is no longer shared.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PublicMenu } from '../../sync/entities/public-menu';

export type LiveMenu = { menu: PublicMenu | null; gone: boolean };

/** The schema, and the validation library under it, load with the first change: a page that sees none never pays for them. */
const loadMenuSchema = () => import('../../sync/entities/public-menu').then((module) => module.publicMenuSchema);

/** Opens the stream once the browser has a quiet moment: a shared menu's first seconds belong to its painting and taking over. */
function whenIdle(start: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 500);
  return () => clearTimeout(handle);
}

/**
 * The latest menu the stream sent (null until something changes); pass null
 * to follow nothing. `shown` is the menu on screen: the stream's first answer
 * repeats it, and an identical menu is no change to draw again.
 */
export function useLiveMenu(publicLinkId: string | null, shown: PublicMenu | null = null): LiveMenu {
  const [state, setState] = useState<{ link: string; live: LiveMenu } | null>(null);
  const shownJson = useMemo(() => (shown ? JSON.stringify(shown) : null), [shown]);

  useEffect(() => {
    if (!publicLinkId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastJson = shownJson;
    const cancelStart = whenIdle(() => {
      source = new EventSource(`/api/public/menu/${encodeURIComponent(publicLinkId)}/events`);
      source.addEventListener('menu', (event) => {
        const json = (event as MessageEvent<string>).data;
        if (json === lastJson) return;
        lastJson = json;
        void loadMenuSchema().then((schema) => {
          const parsed = schema.safeParse(JSON.parse(json));
          if (parsed.success && source) setState({ link: publicLinkId, live: { menu: parsed.data, gone: false } });
        });
      });
      source.addEventListener('gone', () => {
        source?.close();
        setState({ link: publicLinkId, live: { menu: null, gone: true } });
      });
    });
    return () => {
      cancelStart();
      source?.close();
      source = null;
    };
  }, [publicLinkId, shownJson]);

  return state && state.link === publicLinkId ? state.live : { menu: null, gone: false };
}
