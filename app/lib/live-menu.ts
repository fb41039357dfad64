/**
 * Follows a public menu's changes while it is open: the server streams the
 * whole menu on each change (see GET /api/public/menu/:publicLinkId/events),
 * to a signed-in buyer at their own prices: their stream opens with a ticket
 * to it, which the browser's EventSource carries in the address as it cannot
 * send the bearer token.
 * EventSource reconnects by itself after a drop and names the last event it
 * had, so nothing is missed; a stream the server refused (it holds only so
 * many) is asked for again when the server says (live-stream-retry.ts);
 * `gone` means the menu is no longer shared.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PublicMenu } from '../../sync/entities/public-menu';
import { apiRequest, retryAfterMsOf } from './api-client';
import { liveStreamRetryDelayMs } from './live-stream-retry';
import { useSession } from './session-store';
import { whenIdle } from './when-idle';

export type LiveMenu = { menu: PublicMenu | null; gone: boolean };

/** The schema, and the validation library under it, load with the first change: a page that sees none never pays for them. */
const loadMenuSchema = () => import('../../sync/entities/public-menu').then((module) => module.publicMenuSchema);

/**
 * Why the stream was refused, which EventSource does not tell: the same
 * request again, read as an answer (its body, a stream if a place has freed
 * meanwhile, is dropped at once). A link that is gone is not asked again.
 */
async function whyRefused(url: string): Promise<{ retryAfterMs: number | null } | 'gone'> {
  try {
    const response = await fetch(url, { headers: { Accept: 'text/event-stream' } });
    void response.body?.cancel().catch(() => undefined);
    if (response.status === 404) return 'gone';
    return { retryAfterMs: response.ok ? null : retryAfterMsOf(response.headers.get('retry-after')) };
  } catch {
    return { retryAfterMs: null };
  }
}

/**
 * The latest menu the stream sent (null until something changes); pass null
 * to follow nothing. `shown` is the menu on screen: the stream's first answer
 * repeats it, and an identical menu is no change to draw again. A signed-in
 * buyer's stream is theirs, and opens again when someone else signs in.
 */
export function useLiveMenu(publicLinkId: string | null, shown: PublicMenu | null = null): LiveMenu {
  const [state, setState] = useState<{ link: string; live: LiveMenu } | null>(null);
  const shownJson = useMemo(() => (shown ? JSON.stringify(shown) : null), [shown]);
  const buyer = useSession((session) => (session.user?.role === 'buyer' ? session.user.id : null));

  useEffect(() => {
    if (!publicLinkId || typeof EventSource === 'undefined') return;
    const url = `/api/public/menu/${encodeURIComponent(publicLinkId)}/events`;
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    let lastJson = shownJson;
    // A buyer's ticket is asked for at each opening: a reconnect the server refused once the ticket ran out opens anew.
    const addressOf = async (): Promise<string> => {
      if (!buyer) return url;
      const { ticket } = await apiRequest<{ ticket: string }>('POST', `${url}/ticket`);
      return `${url}?ticket=${encodeURIComponent(ticket)}`;
    };
    const open = async () => {
      if (stopped) return;
      // Without a ticket (the network went, the session ended) there is nothing to follow until the page opens again.
      const address = await addressOf().catch(() => null);
      if (!address || stopped) return;
      const opened = new EventSource(address);
      source = opened;
      opened.addEventListener('ready', () => {
        refusals = 0;
      });
      opened.addEventListener('menu', (event) => {
        const json = (event as MessageEvent<string>).data;
        if (json === lastJson) return;
        lastJson = json;
        void loadMenuSchema().then((schema) => {
          const parsed = schema.safeParse(JSON.parse(json));
          if (parsed.success && !stopped) setState({ link: publicLinkId, live: { menu: parsed.data, gone: false } });
        });
      });
      opened.addEventListener('gone', () => {
        opened.close();
        setState({ link: publicLinkId, live: { menu: null, gone: true } });
      });
      // A dropped stream reconnects by itself; a refused one (no place for it now) is closed for good, so it is asked again later.
      opened.addEventListener('error', () => {
        if (opened.readyState !== EventSource.CLOSED || stopped) return;
        refusals += 1;
        void whyRefused(address).then((refusal) => {
          if (stopped || refusal === 'gone') return;
          retry = setTimeout(() => void open(), liveStreamRetryDelayMs(refusal.retryAfterMs, refusals, Math.random()));
        });
      });
    };
    const cancelStart = whenIdle(() => void open());
    return () => {
      stopped = true;
      cancelStart();
      clearTimeout(retry);
      source?.close();
      source = null;
    };
  }, [publicLinkId, shownJson, buyer]);

  return state && state.link === publicLinkId ? state.live : { menu: null, gone: false };
}
