/**
 * What stands between the person and leaving where they are: an open dialog, which the back button closes before it
 * leaves the page, and unsaved changes, which leaving the page asks about first. Screens declare theirs with
 * `useNavigationGuard`; the app's router asks `guardAgainst` before every navigation
 * (docs/decisions/015-screens-guard-navigation-in-one-place.md).
 */
import { useCallback, useEffect, useRef } from 'react';

/**
 * A dialog holding typed work (`unsaved`) asks before Back closes it. Unsaved work on a page asks before the page is
 * left; `discard` runs once the person chose to leave it, to drop what the page kept of it on the device.
 */
export type NavigationGuard = { kind: 'dialog'; close: () => void; unsaved?: boolean } | { kind: 'unsaved'; discard?: () => void };

/** How a navigation moves: back or forward through the history, a new entry, or the app's own replacement of one. */
export type HistoryMove = 'POP' | 'PUSH' | 'REPLACE';

const active: Array<{ readonly current: NavigationGuard | null }> = [];

/** The guard that stops this navigation, the latest declared first; none lets it through. */
export function guardAgainst(move: HistoryMove, leavesPage: boolean): NavigationGuard | null {
  for (let index = active.length - 1; index >= 0; index -= 1) {
    const guard = active[index]!.current;
    // Back closes a dialog; a link followed from a dialog goes where it points.
    if (guard?.kind === 'dialog' && move === 'POP') return guard;
    // The app replaces an entry itself (a new record's address once saved), never the person leaving.
    if (guard?.kind === 'unsaved' && leavesPage && move !== 'REPLACE') return guard;
  }
  return null;
}

export function hasUnsavedChanges(): boolean {
  return active.some((guard) => guard.current?.kind === 'unsaved');
}

/**
 * Declares the guard while `guard` is given (the latest `close` is used without declaring it again). The function
 * returned lifts it at once, for a screen that saved and moves on in the same step, before it is drawn again.
 */
export function useNavigationGuard(guard: NavigationGuard | null): () => void {
  const latest = useRef(guard);
  const lifted = useRef(false);
  useEffect(() => {
    latest.current = guard;
  });
  const kind = guard?.kind ?? null;
  useEffect(() => {
    if (!kind) return;
    lifted.current = false;
    const entry = {
      get current(): NavigationGuard | null {
        return lifted.current ? null : latest.current;
      },
    };
    active.push(entry);
    return () => {
      active.splice(active.indexOf(entry), 1);
    };
  }, [kind]);
  return useCallback(() => {
    lifted.current = true;
  }, []);
}
