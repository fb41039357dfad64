/**
 * When a refused live menu stream asks again. The server refuses a stream it
 * has no place for (429 for an address holding its share, 503 for a full menu
 * or server) and says with Retry-After when a place may be free: the page
 * waits that long, never longer than a cap however long the server asks, and
 * a random fifth more so the viewers refused together do not return together.
 */
import { retryDelayMs } from '../../sync/device/engine/backoff';

/** The longest a refused stream waits before asking again. */
export const LIVE_STREAM_MAX_WAIT_MS = 5 * 60_000;
/** Refused without a Retry-After (or the reason could not be read): waits grow from this, doubling with each refusal. */
export const LIVE_STREAM_BASE_WAIT_MS = 5_000;

/** The wait before asking again after the `refusals`-th refusal in a row; `retryAfterMs` is the server's, `random` is in [0, 1). */
export function liveStreamRetryDelayMs(retryAfterMs: number | null, refusals: number, random: number): number {
  if (retryAfterMs === null) return retryDelayMs(refusals, random, { baseMs: LIVE_STREAM_BASE_WAIT_MS, maxMs: LIVE_STREAM_MAX_WAIT_MS });
  return Math.min(LIVE_STREAM_MAX_WAIT_MS, Math.round(retryAfterMs * (1 + random / 5)));
}
