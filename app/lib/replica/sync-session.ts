/**
 * The signed-in user's replica and sync engine, and what triggers a sync:
 * start, coming back online, the app becoming visible, a local change
 * (debounced, by `mutate`), and a timer while the app is open. The photo
 * upload queue runs beside the engine on the same triggers (and a photo being
 * added); each upload is followed by a sync, which brings the product's cover.
 * The server reads screens keep for offline are kept in the same database,
 * open while the session is.
 */
import { create } from 'zustand';
import { STOPPED_STATUS, SyncEngine, type SyncStatus } from '../../../sync/device/engine/sync-engine';
import { useConnectivity } from '../connectivity';
import { useUploadProgress } from '../photos/upload-progress';
import { PhotoUploadQueue, type PhotoQueueStatus } from '../photos/upload-queue';
import { xhrUploader } from '../photos/xhr-uploader';
import { forgetReadsKeptByEarlierVersions } from '../server-read/earlier-copies';
import { useKeptReads } from '../server-read/kept-reads';
import { DexieSyncStore } from './dexie-sync-store';
import { httpSyncTransport } from './http-sync-transport';
import { keptReadsOf, ReplicaDb } from './replica-db';

export const SYNC_INTERVAL_MS = 30_000;

type SyncSession = {
  db: ReplicaDb | null;
  engine: SyncEngine | null;
  status: SyncStatus;
  photoQueue: PhotoUploadQueue | null;
  photoStatus: PhotoQueueStatus;
  /** Opens (or switches to) the user's replica and starts syncing. */
  start(userId: string): void;
  stop(): void;
};

let detachTriggers: (() => void) | null = null;

const STOPPED_PHOTOS: PhotoQueueStatus = { phase: 'stopped', lastError: null };

function attachTriggers(engine: SyncEngine, photoQueue: PhotoUploadQueue): () => void {
  // Back online, or the server answers again after requests failed: send what waited, without waiting for a retry timer.
  const detachConnectivity = useConnectivity.subscribe((state, previous) => {
    if (state.connection === previous.connection) return;
    if (state.connection === 'online') {
      void engine.syncNow();
      void photoQueue.kick(true);
    } else if (state.connection === 'offline') {
      void photoQueue.kick();
    }
  });
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    void engine.syncNow();
    void photoQueue.kick(true);
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'sync-now') return;
    void engine.syncNow();
    void photoQueue.kick(true);
  };
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  // The timer only schedules: it must not cut short a retry that is backing off.
  const interval = setInterval(() => {
    engine.schedule(0);
    void photoQueue.kick();
  }, SYNC_INTERVAL_MS);
  return () => {
    detachConnectivity();
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    clearInterval(interval);
  };
}

export const useSyncSession = create<SyncSession>((set, get) => ({
  db: null,
  engine: null,
  status: STOPPED_STATUS,
  photoQueue: null,
  photoStatus: STOPPED_PHOTOS,

  start(userId) {
    const current = get();
    if (current.db?.userId === userId && current.engine) {
      void current.engine.resume();
      void current.photoQueue?.resume();
      return;
    }
    current.stop();
    const db = new ReplicaDb(userId);
    const engine = new SyncEngine(new DexieSyncStore(db), httpSyncTransport);
    const progress = useUploadProgress.getState();
    const photoQueue = new PhotoUploadQueue(db, xhrUploader, {
      // An upload is worth trying unless the browser knows it is offline: a success is also how the app learns the server is back.
      isOnline: () => useConnectivity.getState().browserOnline,
      // The server sets the product's cover from its first uploaded photo: a sync brings it down.
      onUploaded: () => void engine.syncNow(),
      onProgress: (id, fraction) => (fraction === null ? progress.clear(id) : progress.set(id, fraction)),
    });
    engine.subscribe((status) => set({ status }));
    photoQueue.subscribe((photoStatus) => set({ photoStatus }));
    detachTriggers = attachTriggers(engine, photoQueue);
    set({ db, engine, status: engine.getStatus(), photoQueue, photoStatus: photoQueue.getStatus() });
    useKeptReads.setState({ reads: keptReadsOf(db) });
    forgetReadsKeptByEarlierVersions(localStorage);
    void engine.syncNow();
    void photoQueue.start();
  },

  stop() {
    const { db, engine, photoQueue } = get();
    engine?.stop();
    photoQueue?.stop();
    detachTriggers?.();
    detachTriggers = null;
    useKeptReads.setState({ reads: null });
    db?.close();
    set({ db: null, engine: null, status: STOPPED_STATUS, photoQueue: null, photoStatus: STOPPED_PHOTOS });
  },
}));

type SyncManagerRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser, where it has Background Sync, to wake the app when connectivity returns. */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready.then((registration) => (registration as SyncManagerRegistration).sync?.register('replica-outbox')).catch(() => undefined);
}
