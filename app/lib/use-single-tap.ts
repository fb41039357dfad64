/**
 * One run per tap: while `run`'s work is under way, further taps do nothing (a double click makes one change), and
 * `pending` lets the button say it is working. The guard is a ref, so a second click in the same frame is turned away too.
 */
import { useCallback, useRef, useState } from 'react';

export function useSingleTap(): { run: (work: () => Promise<unknown>) => Promise<void>; pending: boolean } {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending };
}
