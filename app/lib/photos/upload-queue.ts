/**
 * The photo upload queue: sends the photos waiting in the replica's `photos`
 * table (IndexedDB, so they survive reloads and restarts), at most two at a
 * time, oldest first, whenever the network is there.
 *
 * - Triggers (wired in sync-session.ts): start, the browser coming back
 *   online, the app becoming visible, a photo being added, and the sync timer.
 *   Draining never waits for a new photo: a reload resets an interrupted
 *   upload to 'pending' and start() sends it.
 * - A network or server failure retries that photo with backoff and jitter
 *   (sync/device/engine/backoff.ts); coming back online or the app becoming visible
 *   brings waiting retries forward.
 * - The upload is idempotent by the photo's id (made on the device), so a
 *   photo whose answer was lost is stored once when sent again.
 * - 401: the session expired; the photo keeps its place and the queue waits
 *   for the person to sign in again (resume()), as the sync engine does.
 * - Any other 4xx: the server turned the file down for good; the photo is
 *   marked 'failed' with the server's words, shown in the sync status.
 * - After an upload, `onUploaded` runs (a sync, so the product's cover, which
 *   the server derives from its first uploaded photo, comes down).
 */
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from '../../../sync/device/engine/backoff';
import type { Photo } from '../../../sync/entities/photo';
import type { ReplicaDb } from '../replica/replica-db';
import type { LocalPhoto } from './local-photo';
import type { PhotoUploader, UploadResult } from './upload-result';

export type PhotoQueuePhase = 'idle' | 'uploading' | 'retrying' | 'offline' | 'needs-sign-in' | 'stopped';
export type PhotoQueueStatus = { phase: PhotoQueuePhase; lastError: string | null };

export type PhotoUploadQueueOptions = {
  concurrency?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  isOnline?: () => boolean;
  onUploaded?: (photo: Photo) => void;
  /** Live progress of one upload (0 to 1), or null when it ends. */
  onProgress?: (id: string, fraction: number | null) => void;
};

export const UPLOAD_CONCURRENCY = 2;

export function uploadFileName(photo: Pick<LocalPhoto, 'id' | 'fileName' | 'contentType'>): string {
  if (photo.fileName) return photo.fileName;
  const extension = photo.contentType === 'application/pdf' ? 'pdf' : photo.contentType === 'image/png' ? 'png' : photo.contentType === 'image/webp' ? 'webp' : 'jpg';
  return `${photo.id}.${extension}`;
}

export class PhotoUploadQueue {
  private status: PhotoQueueStatus = { phase: 'stopped', lastError: null };
  private readonly listeners = new Set<(status: PhotoQueueStatus) => void>();
  private readonly inFlight = new Map<string, AbortController>();
  /** When each backed-off photo may be tried again (in memory: after a reload everything is due). */
  private readonly notBefore = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private readonly concurrency: number;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly isOnline: () => boolean;
  private readonly onUploaded: (photo: Photo) => void;
  private readonly onProgress: (id: string, fraction: number | null) => void;

  constructor(
    private readonly db: ReplicaDb,
    private readonly uploader: PhotoUploader,
    options: PhotoUploadQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? UPLOAD_CONCURRENCY;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    this.isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.onUploaded = options.onUploaded ?? (() => undefined);
    this.onProgress = options.onProgress ?? (() => undefined);
  }

  getStatus(): PhotoQueueStatus {
    return this.status;
  }

  subscribe(listener: (status: PhotoQueueStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts (or restarts) the queue: uploads cut off by a reload or a crash go back to waiting, then it drains. */
  async start(): Promise<void> {
    this.update({ phase: 'idle', lastError: null });
    await this.db.photos.where('status').equals('uploading').modify({ status: 'pending', progress: 0 });
    await this.kick();
  }

  stop(): void {
    this.update({ phase: 'stopped' });
    this.disarmTimer();
    for (const controller of this.inFlight.values()) controller.abort();
  }

  /** After signing in again: send what waited. */
  resume(): Promise<void> {
    if (this.status.phase === 'stopped') return this.start();
    this.update({ phase: 'idle', lastError: null });
    return this.kick(true);
  }

  /**
   * Looks for work. `bringForward` (back online, app visible) also tries at
   * once the photos that are backing off: the network may have just returned.
   */
  kick(bringForward = false): Promise<void> {
    if (bringForward) this.notBefore.clear();
    if (this.status.phase === 'stopped' || this.status.phase === 'needs-sign-in') return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.pumping;
  }

  /** A photo the server refused, sent again from scratch (after the person asked). */
  async retry(id: string): Promise<void> {
    this.failures.delete(id);
    this.notBefore.delete(id);
    await this.db.photos.where({ id, status: 'failed' }).modify({ status: 'pending', attempts: 0, error: null, progress: 0 });
    await this.kick();
  }

  /** Stops sending a photo (it was discarded). */
  cancel(id: string): void {
    this.inFlight.get(id)?.abort();
    this.notBefore.delete(id);
    this.failures.delete(id);
  }

  /** Resolves when nothing is being sent and nothing is due now (tests). */
  async idle(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0) {
      await (this.pumping ?? Promise.resolve());
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  private halted(): boolean {
    return this.status.phase === 'stopped' || this.status.phase === 'needs-sign-in';
  }

  private async pump(): Promise<void> {
    if (this.halted()) return;
    if (!this.isOnline()) {
      this.disarmTimer();
      if (this.inFlight.size === 0) this.update({ phase: 'offline' });
      return;
    }
    let waiting: LocalPhoto[];
    try {
      waiting = await this.db.photos.where('status').equals('pending').toArray();
    } catch (error) {
      // Closed (signing out) or unreadable: nothing to do until the next start or trigger.
      if (!this.halted()) this.update({ lastError: error instanceof Error ? error.message : String(error) });
      return;
    }
    // The queue may have been stopped, or told to wait for a sign-in, while reading.
    if (this.halted()) return;
    const now = this.now();
    const candidates = waiting.filter((photo) => photo.blob && !this.inFlight.has(photo.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const due = candidates.filter((photo) => (this.notBefore.get(photo.id) ?? 0) <= now);
    for (const photo of due) {
      if (this.inFlight.size >= this.concurrency) break;
      this.launch(photo);
    }
    const later = candidates.map((photo) => this.notBefore.get(photo.id) ?? 0).filter((at) => at > now);
    this.disarmTimer();
    if (later.length > 0) this.armTimer(Math.min(...later) - now);
    this.settlePhase(later.length > 0);
  }

  private settlePhase(backingOff: boolean): void {
    if (this.status.phase === 'stopped' || this.status.phase === 'needs-sign-in') return;
    if (this.inFlight.size > 0) this.update({ phase: 'uploading' });
    else if (backingOff) this.update({ phase: 'retrying' });
    else this.update({ phase: 'idle', lastError: null });
  }

  private launch(photo: LocalPhoto): void {
    const controller = new AbortController();
    this.inFlight.set(photo.id, controller);
    void (async () => {
      let result: UploadResult;
      try {
        await this.db.photos.update(photo.id, { status: 'uploading', progress: 0 });
        this.onProgress(photo.id, 0);
        result = await this.uploader(
          { id: photo.id, purpose: photo.purpose, blob: photo.blob!, fileName: uploadFileName(photo) },
          (loaded, total) => this.onProgress(photo.id, total > 0 ? loaded / total : 0),
          controller.signal,
        );
      } catch (error) {
        result = { outcome: 'retry', message: error instanceof Error ? error.message : String(error) };
      }
      try {
        await this.settle(photo, result);
      } catch (error) {
        // The database was closed under us (signing out, switching users): the next start() picks the photo up again.
        if (this.status.phase !== 'stopped') console.warn('Could not record the upload of a photo', error);
      } finally {
        this.inFlight.delete(photo.id);
        this.onProgress(photo.id, null);
        void this.kick();
      }
    })();
  }

  private async settle(photo: LocalPhoto, result: UploadResult): Promise<void> {
    const { db } = this;
    switch (result.outcome) {
      case 'uploaded': {
        this.failures.delete(photo.id);
        this.notBefore.delete(photo.id);
        // The server has the file now: its copy is served at `url`, the device's is let go.
        await db.photos.update(photo.id, {
          status: 'uploaded',
          url: result.photo.url,
          contentType: result.photo.contentType,
          size: result.photo.size,
          blob: null,
          progress: 1,
          error: null,
        });
        this.onUploaded(result.photo);
        return;
      }
      case 'unauthorized':
        await db.photos.where({ id: photo.id, status: 'uploading' }).modify({ status: 'pending', progress: 0 });
        this.disarmTimer();
        this.update({ phase: 'needs-sign-in', lastError: result.message });
        return;
      case 'refused':
        await db.photos.update(photo.id, { status: 'failed', error: result.message, progress: 0 });
        return;
      case 'aborted':
        await db.photos.where({ id: photo.id, status: 'uploading' }).modify({ status: 'pending', progress: 0 });
        return;
      case 'retry': {
        const failures = (this.failures.get(photo.id) ?? 0) + 1;
        this.failures.set(photo.id, failures);
        // A quota's 429 says how long to wait at least.
        const delay = Math.max(result.retryAfterMs ?? 0, retryDelayMs(failures, this.random(), this.backoff));
        this.notBefore.set(photo.id, this.now() + delay);
        await db.photos.where({ id: photo.id, status: 'uploading' }).modify((row) => {
          row.status = 'pending';
          row.progress = 0;
          row.attempts += 1;
          row.error = result.message;
        });
        this.update({ lastError: result.message });
        return;
      }
    }
  }

  private armTimer(delayMs: number): void {
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        void this.kick();
      },
      Math.max(0, delayMs),
    );
  }

  private disarmTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private update(changes: Partial<PhotoQueueStatus>): void {
    const next = { ...this.status, ...changes };
    if (next.phase === this.status.phase && next.lastError === this.status.lastError) return;
    this.status = next;
    for (const listener of this.listeners) listener(this.status);
  }
}
