/**
 * The signed-in user's replica and sync engine, and what triggers a sync:
 * start, coming back online, the app becoming visible, a local change
 * (debounced, by `mutate`), and a timer while the app is open.
 */
import { create } from 'zustand';
import { SyncEngine, type SyncStatus } from '../../../sync/engine/sync-engine';
import { DexieSyncStore } from './dexie-sync-store';
import { httpSyncTransport } from './http-sync-transport';
import { ReplicaDb } from './replica-db';

export const SYNC_INTERVAL_MS = 30_000;

type SyncSession = {
  db: ReplicaDb | null;
  engine: SyncEngine | null;
  status: SyncStatus;
  online: boolean;
  /** Opens (or switches to) the user's replica and starts syncing. */
  start(userId: string): void;
  stop(): void;
};

let detachTriggers: (() => void) | null = null;

function attachTriggers(engine: SyncEngine, setOnline: (online: boolean) => void): () => void {
  const onOnline = () => {
    setOnline(true);
    void engine.syncNow();
  };
  const onOffline = () => setOnline(false);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void engine.syncNow();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'sync-now') void engine.syncNow();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  // The timer only schedules: it must not cut short a retry that is backing off.
  const interval = setInterval(() => engine.schedule(0), SYNC_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    clearInterval(interval);
  };
}

export const useSyncSession = create<SyncSession>((set, get) => ({
  db: null,
  engine: null,
  status: { phase: 'stopped', failures: 0, lastError: null, nextRetryAt: null },
  online: typeof navigator === 'undefined' ? true : navigator.onLine,

  start(userId) {
    const current = get();
    if (current.db?.userId === userId && current.engine) {
      void current.engine.resume();
      return;
    }
    current.stop();
    const db = new ReplicaDb(userId);
    const engine = new SyncEngine(new DexieSyncStore(db), httpSyncTransport);
    engine.subscribe((status) => set({ status }));
    detachTriggers = attachTriggers(engine, (online) => set({ online }));
    set({ db, engine, status: engine.getStatus() });
    // An installed app with persistent storage is spared when the browser evicts data.
    void navigator.storage?.persist?.().catch(() => undefined);
    void engine.syncNow();
  },

  stop() {
    const { db, engine } = get();
    engine?.stop();
    detachTriggers?.();
    detachTriggers = null;
    db?.close();
    set({ db: null, engine: null, status: { phase: 'stopped', failures: 0, lastError: null, nextRetryAt: null } });
  },
}));

type SyncManagerRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser, where it has Background Sync, to wake the app when connectivity returns. */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncManagerRegistration).sync?.register('replica-outbox'))
    .catch(() => undefined);
}
