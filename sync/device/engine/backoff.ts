/**
 * Retry delays: exponential from `baseMs`, capped at `maxMs`, with jitter so
 * that many devices coming back online at once do not retry in step.
 */
export type BackoffOptions = { baseMs: number; maxMs: number };

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000 };

/** The delay before retry number `failures` (1 for the first retry); `random` is in [0, 1). */
export function retryDelayMs(failures: number, random: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, failures - 1));
  // "Equal jitter": at least half the ceiling, so retries still slow down, plus a random share of the rest.
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
