/**
 * Work a page does not need for its first picture (a live stream, the
 * service worker, a check for changes) waits for the browser's first quiet
 * moment, so a phone taking over a shared menu is not held up by it.
 */
import { useEffect, useState } from 'react';

/** Runs `start` once the browser is idle, or after `timeoutMs` at the latest; returns a cancel. */
export function whenIdle(start: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, Math.min(500, timeoutMs));
  return () => clearTimeout(handle);
}

/** False until the browser has had its first quiet moment after this component mounted. */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => whenIdle(() => setReached(true)), []);
  return reached;
}
