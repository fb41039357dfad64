/**
 * The photo upload queue on fake-indexeddb with a scripted uploader: two at a
 * time, oldest first; backoff on network and server errors; a 401 waits for
 * a sign-in with the photo kept; another 4xx marks the photo failed with the
 * server's words and holds back nothing; a reload resumes an upload that was
 * cut off; offline it waits and drains when told the network is back; and a
 * pull marks photos uploaded from elsewhere. Also the answers of POST /api/upload.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../sync/device/engine/backoff';
import type { Photo } from '../../../sync/entities/photo';
import { ReplicaDb } from '../replica/replica-db';
import { storeLocalPhoto } from './local-photos';
import { storePulledPhotos } from './pulled-photos';
import { PhotoUploadQueue, uploadFileName } from './upload-queue';
import { uploadResultOf, type PhotoUploader, type UploadRequest, type UploadResult } from './upload-result';

const AT = '2025-03-01T12:00:00.000Z';
const opened: ReplicaDb[] = [];
let counter = 0;

function openDb(userId = `00000000-0000-4000-8000-${(700_000 + ++counter).toString(16).padStart(12, '0')}`): ReplicaDb {
  const db = new ReplicaDb(userId);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const served = (id: string): Photo => ({ id, url: `/uploads/${id.slice(0, 8)}.jpg`, contentType: 'image/jpeg', size: 3, purpose: 'product', createdAt: AT });

/** An uploader whose every call waits until the test answers it. */
function scriptedUploader() {
  const calls: Array<{ request: UploadRequest; answer: (result: UploadResult) => void; progress: (loaded: number, total: number) => void; signal: AbortSignal }> = [];
  const uploader: PhotoUploader = (request, onProgress, signal) =>
    new Promise((resolve) => {
      const call = { request, answer: resolve, progress: onProgress, signal };
      calls.push(call);
      signal.addEventListener('abort', () => resolve({ outcome: 'aborted' }));
    });
  return { uploader, calls };
}

/** A hand-moved clock with timers. */
function clock() {
  let now = 1_000_000;
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run, id: nextId++ };
      timers.push(timer);
      return timer.id;
    },
    clearTimer: (id: unknown) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    pending: () => timers.map((timer) => timer.at - now),
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

const flush = async () => {
  for (let round = 0; round < 20; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function addPhotos(db: ReplicaDb, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await storeLocalPhoto(db, new Blob([`photo ${index}`], { type: 'image/jpeg' }), 'product'));
    await new Promise((resolve) => setTimeout(resolve, 2)); // distinct createdAt, so the order is known
  }
  return ids;
}

const statusOf = async (db: ReplicaDb, id: string) => (await db.photos.get(id))?.status;

describe('PhotoUploadQueue', () => {
  it('uploads the oldest first, at most two at a time, then lets the local copy go', async () => {
    const db = openDb();
    const ids = await addPhotos(db, 3);
    const { uploader, calls } = scriptedUploader();
    const uploaded: string[] = [];
    const progress: Array<[string, number | null]> = [];
    const queue = new PhotoUploadQueue(db, uploader, { onUploaded: (photo) => uploaded.push(photo.id), onProgress: (id, fraction) => progress.push([id, fraction]) });
    await queue.start();
    await flush();
    expect(calls.map((call) => call.request.id)).toEqual(ids.slice(0, 2));
    expect(queue.getStatus().phase).toBe('uploading');
    expect(await statusOf(db, ids[0]!)).toBe('uploading');
    expect(await statusOf(db, ids[2]!)).toBe('pending');
    expect(calls[0]!.request).toMatchObject({ purpose: 'product', fileName: `${ids[0]}.jpg` });

    calls[0]!.progress(50, 100);
    calls[0]!.answer({ outcome: 'uploaded', photo: served(ids[0]!) });
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.request.id).toBe(ids[2]);
    const first = await db.photos.get(ids[0]!);
    expect(first).toMatchObject({ status: 'uploaded', url: served(ids[0]!).url, blob: null, error: null });
    expect(uploaded).toEqual([ids[0]]);
    expect(progress).toContainEqual([ids[0], 0.5]);
    expect(progress).toContainEqual([ids[0], null]);

    calls[1]!.answer({ outcome: 'uploaded', photo: served(ids[1]!) });
    calls[2]!.answer({ outcome: 'uploaded', photo: served(ids[2]!) });
    await flush();
    expect(await db.photos.where('status').equals('uploaded').count()).toBe(3);
    expect(queue.getStatus().phase).toBe('idle');
    queue.stop();
  });

  it('retries a network or server failure with backoff, and brings the retry forward when the network returns', async () => {
    const db = openDb();
    const [id] = await addPhotos(db, 1);
    const { uploader, calls } = scriptedUploader();
    const time = clock();
    const queue = new PhotoUploadQueue(db, uploader, { ...time, random: () => 0.5 });
    await queue.start();
    await flush();
    calls[0]!.answer({ outcome: 'retry', message: 'The network is not available' });
    await flush();
    expect(await db.photos.get(id!)).toMatchObject({ status: 'pending', attempts: 1, error: 'The network is not available' });
    expect(queue.getStatus()).toEqual({ phase: 'retrying', lastError: 'The network is not available' });
    expect(time.pending()).toEqual([retryDelayMs(1, 0.5)]);

    time.advance(retryDelayMs(1, 0.5) - 1);
    await flush();
    expect(calls).toHaveLength(1);
    time.advance(1);
    await flush();
    expect(calls).toHaveLength(2);

    calls[1]!.answer({ outcome: 'retry', message: 'The server could not take the file (503)' });
    await flush();
    expect(time.pending()).toEqual([retryDelayMs(2, 0.5)]);
    // Back online: no waiting for the timer.
    await queue.kick(true);
    await flush();
    expect(calls).toHaveLength(3);
    calls[2]!.answer({ outcome: 'uploaded', photo: served(id!) });
    await flush();
    expect(await statusOf(db, id!)).toBe('uploaded');
    expect(time.pending()).toEqual([]);
    queue.stop();
  });

  it("waits at least a quota's Retry-After before sending the photo again, keeping it", async () => {
    const db = openDb();
    const [id] = await addPhotos(db, 1);
    const { uploader, calls } = scriptedUploader();
    const time = clock();
    const queue = new PhotoUploadQueue(db, uploader, { ...time, random: () => 0.5 });
    await queue.start();
    await flush();
    calls[0]!.answer({ outcome: 'retry', message: 'You have uploaded too much for now. Please try again in 1 minute.', retryAfterMs: 60_000 });
    await flush();
    expect(await statusOf(db, id!)).toBe('pending');
    expect(time.pending()).toEqual([60_000]);
    time.advance(59_999);
    await flush();
    expect(calls).toHaveLength(1);
    time.advance(1);
    await flush();
    expect(calls).toHaveLength(2);
    queue.stop();
  });

  it('waits for a sign-in on 401, keeping the photo, and resumes after it', async () => {
    const db = openDb();
    const ids = await addPhotos(db, 3);
    const { uploader, calls } = scriptedUploader();
    const queue = new PhotoUploadQueue(db, uploader, { concurrency: 1 });
    await queue.start();
    await flush();
    calls[0]!.answer({ outcome: 'unauthorized', message: 'Unauthorized' });
    await flush();
    expect(queue.getStatus()).toEqual({ phase: 'needs-sign-in', lastError: 'Unauthorized' });
    expect(await db.photos.get(ids[0]!)).toMatchObject({ status: 'pending', attempts: 0 });
    await queue.kick(true);
    await flush();
    expect(calls).toHaveLength(1);

    await queue.resume();
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request.id).toBe(ids[0]);
    queue.stop();
  });

  it("marks a refused photo failed with the server's words and goes on with the others", async () => {
    const db = openDb();
    const ids = await addPhotos(db, 2);
    const { uploader, calls } = scriptedUploader();
    const queue = new PhotoUploadQueue(db, uploader, { concurrency: 1 });
    await queue.start();
    await flush();
    calls[0]!.answer(uploadResultOf(413, JSON.stringify({ message: 'Image must be less than 10MB', reason: 'payload_too_large' })));
    await flush();
    expect(await db.photos.get(ids[0]!)).toMatchObject({ status: 'failed', error: 'Image must be less than 10MB' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request.id).toBe(ids[1]);
    calls[1]!.answer({ outcome: 'uploaded', photo: served(ids[1]!) });
    await flush();
    expect(queue.getStatus().phase).toBe('idle');

    // The person asks to try again.
    await queue.retry(ids[0]!);
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.request.id).toBe(ids[0]);
    queue.stop();
  });

  it('survives a reload: an upload cut off is sent again by the next start, with the same id', async () => {
    const userId = '00000000-0000-4000-8000-0000000a0001';
    const db = openDb(userId);
    const [id] = await addPhotos(db, 1);
    const first = scriptedUploader();
    const before = new PhotoUploadQueue(db, first.uploader);
    await before.start();
    await flush();
    expect(await statusOf(db, id!)).toBe('uploading');
    // The tab closes mid-upload: nothing settles the row.
    db.close();
    opened.splice(opened.indexOf(db), 1);

    const reopened = openDb(userId);
    expect(await statusOf(reopened, id!)).toBe('uploading');
    const second = scriptedUploader();
    const after = new PhotoUploadQueue(reopened, second.uploader);
    await after.start();
    await flush();
    expect(second.calls.map((call) => call.request.id)).toEqual([id]);
    second.calls[0]!.answer({ outcome: 'uploaded', photo: served(id!) });
    await flush();
    expect(await statusOf(reopened, id!)).toBe('uploaded');
    after.stop();
  });

  it('does nothing offline and drains when the network returns, with no new photo', async () => {
    const db = openDb();
    await addPhotos(db, 1);
    let online = false;
    const { uploader, calls } = scriptedUploader();
    const queue = new PhotoUploadQueue(db, uploader, { isOnline: () => online });
    await queue.start();
    await flush();
    expect(calls).toHaveLength(0);
    expect(queue.getStatus().phase).toBe('offline');
    online = true;
    await queue.kick(true);
    await flush();
    expect(calls).toHaveLength(1);
    queue.stop();
  });

  it('stop aborts uploads on their way and leaves them waiting', async () => {
    const db = openDb();
    const [id] = await addPhotos(db, 1);
    const { uploader, calls } = scriptedUploader();
    const queue = new PhotoUploadQueue(db, uploader);
    await queue.start();
    await flush();
    queue.stop();
    await flush();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(await statusOf(db, id!)).toBe('pending');
  });

  it('names the file for the server', () => {
    expect(uploadFileName({ id: 'abc', fileName: null, contentType: 'image/jpeg' })).toBe('abc.jpg');
    expect(uploadFileName({ id: 'abc', fileName: null, contentType: 'application/pdf' })).toBe('abc.pdf');
    expect(uploadFileName({ id: 'abc', fileName: 'coa.pdf', contentType: 'application/pdf' })).toBe('coa.pdf');
  });
});

describe('uploadResultOf', () => {
  it('reads each answer of POST /api/upload', () => {
    const photo = served('00000000-0000-4000-8000-000000000001');
    expect(uploadResultOf(201, JSON.stringify(photo))).toEqual({ outcome: 'uploaded', photo });
    expect(uploadResultOf(200, JSON.stringify(photo))).toEqual({ outcome: 'uploaded', photo });
    expect(uploadResultOf(201, 'not json').outcome).toBe('retry');
    expect(uploadResultOf(0, '')).toEqual({ outcome: 'retry', message: 'The network is not available' });
    expect(uploadResultOf(401, '{"message":"Unauthorized"}')).toEqual({ outcome: 'unauthorized', message: 'Unauthorized' });
    expect(uploadResultOf(400, '{"message":"Please select an image file"}')).toEqual({ outcome: 'refused', message: 'Please select an image file' });
    expect(uploadResultOf(409, '')).toEqual({ outcome: 'refused', message: 'This photo belongs to another account' });
    expect(uploadResultOf(413, '<html>')).toEqual({ outcome: 'refused', message: 'The file is too large' });
    expect(uploadResultOf(429, '').outcome).toBe('retry');
    expect(uploadResultOf(429, '{"message":"You have uploaded too much for now. Please try again in 1 minute."}', '60')).toEqual({
      outcome: 'retry',
      message: 'You have uploaded too much for now. Please try again in 1 minute.',
      retryAfterMs: 60_000,
    });
    expect(uploadResultOf(503, '').outcome).toBe('retry');
  });
});

describe('storePulledPhotos', () => {
  it('marks photos taken here as uploaded and adds the ones from other devices', async () => {
    const db = openDb();
    const [local] = await addPhotos(db, 1);
    const other = '00000000-0000-4000-8000-0000000b0002';
    await db.transaction('rw', db.photos, () => storePulledPhotos(db, [served(local!), served(other)]));
    expect(await db.photos.get(local!)).toMatchObject({ status: 'uploaded', url: served(local!).url, blob: null });
    expect(await db.photos.get(other)).toMatchObject({ status: 'uploaded', url: served(other).url, blob: null, purpose: 'product' });
  });
});
