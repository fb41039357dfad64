/**
 * The unsaved work of a long form, kept on the device as it is typed: a tab closed, a page reloaded or a phone that
 * dropped the app gives it back the next time the form opens. Kept in the person's own database (replica-db.ts,
 * `drafts`), so signing out takes it away with everything else of theirs.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSyncSession } from './replica/sync-session';

/** How long typing pauses before the draft is written: a keystroke is not a write. */
const KEEP_AFTER_MS = 400;

/**
 * Keeps `value` under `key` while `unsaved`, and forgets it once the form is saved or clean. `value` must be drawn
 * from state and props alone: read from something changed in place, a drawing React throws away leaves the draft
 * behind (see the price list's grid). `restored` is what an
 * earlier visit left (once read; null when nothing was), for the form to take back; `forget` drops it for good.
 */
export function useKeptDraft<T>(key: string, value: T, unsaved: boolean): { restored: T | null; forget: () => void } {
  const db = useSyncSession((state) => state.db);
  const [restored, setRestored] = useState<{ key: string; value: T } | null>(null);
  // Nothing is written or forgotten before the earlier draft was read: the form opens clean, which must not erase it.
  const [readKey, setReadKey] = useState<string | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });

  useEffect(() => {
    if (!db) return;
    let cancelled = false;
    void db.drafts.get(key).then((draft) => {
      if (cancelled) return;
      if (draft) setRestored({ key, value: draft.value as T });
      setReadKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [db, key]);

  const serialized = JSON.stringify(value);
  const pendingWrite = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!db || readKey !== key) return;
    if (!unsaved) {
      void db.drafts.delete(key);
      return;
    }
    const keep = () => {
      if (pendingWrite.current === undefined) return;
      window.clearTimeout(pendingWrite.current);
      pendingWrite.current = undefined;
      void db.drafts.put({ key, value: latest.current, keptAt: new Date().toISOString() });
    };
    pendingWrite.current = window.setTimeout(keep, KEEP_AFTER_MS);
    // A tab closed or reloaded mid-pause keeps what was typed: the waiting write starts before the page goes.
    window.addEventListener('pagehide', keep);
    return () => {
      window.clearTimeout(pendingWrite.current);
      pendingWrite.current = undefined;
      window.removeEventListener('pagehide', keep);
    };
  }, [db, key, readKey, unsaved, serialized]);

  // A write still waiting for a pause in typing is dropped too: it must not bring back what was just given up.
  const forget = useCallback(() => {
    window.clearTimeout(pendingWrite.current);
    pendingWrite.current = undefined;
    setRestored(null);
    void db?.drafts.delete(key);
  }, [db, key]);

  return { restored: restored?.key === key ? restored.value : null, forget };
}
