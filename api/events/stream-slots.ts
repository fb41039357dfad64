/**
 * How many live menu streams one process holds open, per client address,
 * per menu and in all. Each open stream costs a socket, a heartbeat timer
 * and a few KiB, and every change of its menu is written to it: past these
 * caps a new stream is refused rather than slowing every open one down. The
 * menu page still shows the menu it fetched; it is only not live.
 */
import { quotaKeyOf } from '../platform/http/client-address';
import { RateLimitedError, RetryLaterError } from '../platform/limits/rate-limited-error';

/** Open streams one client address (an IPv6 /64) may hold: a few tabs and devices behind one address, not a flood. */
export const MAX_STREAMS_PER_CLIENT = 20;
/**
 * Open streams of one menu on one process: a busy trade show puts a few
 * hundred buyers on one menu, and the bench delivers a change to 1,000
 * streams of one menu within the promised two seconds.
 */
export const MAX_STREAMS_PER_MENU = 1_000;
/** Open streams on one process over all menus: a few thousand; more viewers than that call for another process. */
export const MAX_STREAMS_PER_PROCESS = 5_000;
/** When a refused client may try again: a place frees only when another viewer leaves, so asking sooner is wasted. */
export const STREAMS_FULL_RETRY_AFTER_MS = 30_000;

export const TOO_MANY_FROM_ADDRESS = 'Too many live menus are open from this address';
export const MENU_FULL = 'Too many people are following this menu live right now. Please try again shortly.';
export const SERVER_FULL = 'The server is following too many live menus right now. Please try again shortly.';

export type StreamCaps = { perClient: number; perMenu: number; perProcess: number };

export const STREAM_CAPS: StreamCaps = {
  perClient: MAX_STREAMS_PER_CLIENT,
  perMenu: MAX_STREAMS_PER_MENU,
  perProcess: MAX_STREAMS_PER_PROCESS,
};

export class StreamSlots {
  private open = 0;
  private readonly byClient = new Map<string, number>();
  private readonly byMenu = new Map<string, number>();
  private readonly caps: StreamCaps;

  constructor(caps: Partial<StreamCaps> = {}) {
    this.caps = { ...STREAM_CAPS, ...caps };
  }

  /**
   * Takes a place for a new stream of the menu, and returns the call that
   * gives it back (any number of times, once in effect). Refuses a client
   * address holding its share with 429, and a full menu or process with 503;
   * both with Retry-After.
   */
  take(clientAddress: string, menuId: string): () => void {
    const client = quotaKeyOf(clientAddress);
    if ((this.byClient.get(client) ?? 0) >= this.caps.perClient) throw new RateLimitedError(TOO_MANY_FROM_ADDRESS, STREAMS_FULL_RETRY_AFTER_MS);
    if (this.open >= this.caps.perProcess) throw new RetryLaterError('unavailable', SERVER_FULL, STREAMS_FULL_RETRY_AFTER_MS);
    if ((this.byMenu.get(menuId) ?? 0) >= this.caps.perMenu) throw new RetryLaterError('unavailable', MENU_FULL, STREAMS_FULL_RETRY_AFTER_MS);
    this.open++;
    adjust(this.byClient, client, 1);
    adjust(this.byMenu, menuId, 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.open--;
      adjust(this.byClient, client, -1);
      adjust(this.byMenu, menuId, -1);
    };
  }
}

/** Counts kept only while above zero, so the maps hold the addresses and menus with open streams and no more. */
function adjust(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
