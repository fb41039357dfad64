/**
 * Follows a public menu's changes while it is open: the server streams the
 * whole menu on each change (see GET /api/public/menu/:publicLinkId/events).
 * EventSource reconnects by itself after a drop and names the last event it
 * had, so nothing is missed; `gone` means the menu is no longer shared.
 */
import { useEffect, useState } from 'react';
import { publicMenuSchema, type PublicMenu } from '../../sync/entities/public-menu';

export type LiveMenu = { menu: PublicMenu | null; gone: boolean };

/** The latest menu the stream sent (null until something changes); pass null to follow nothing. */
export function useLiveMenu(publicLinkId: string | null): LiveMenu {
  const [state, setState] = useState<{ link: string; live: LiveMenu } | null>(null);

  useEffect(() => {
    if (!publicLinkId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/public/menu/${encodeURIComponent(publicLinkId)}/events`);
    source.addEventListener('menu', (event) => {
      const parsed = publicMenuSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) setState({ link: publicLinkId, live: { menu: parsed.data, gone: false } });
    });
    source.addEventListener('gone', () => {
      source.close();
      setState({ link: publicLinkId, live: { menu: null, gone: true } });
    });
    return () => source.close();
  }, [publicLinkId]);

  return state && state.link === publicLinkId ? state.live : { menu: null, gone: false };
}
