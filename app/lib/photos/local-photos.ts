/**
 * Keeping photos on the device: a compressed photo (or a lab result) is
 * written to the replica's `photos` table as a Blob, with an id made here,
 * before anything refers to it; the upload queue sends it when it can. A
 * product names it by that id at once, so saving the product never waits.
 */
import { AppError } from '../../../sync/contract/errors';
import type { PhotoPurpose } from '../../../sync/entities/photo';
import { isOnline } from '../connectivity';
import { STORAGE_FULL_MESSAGE } from '../replica/mutate';
import type { ReplicaDb } from '../replica/replica-db';
import { requestBackgroundSync, useSyncSession } from '../replica/sync-session';
import type { LocalPhoto } from './local-photo';

export type AddPhotoOptions = { fileName?: string | null; id?: string };

function isQuotaError(error: unknown): boolean {
  const names = [error, (error as { inner?: unknown } | null)?.inner].map((candidate) => (candidate as { name?: string } | null)?.name);
  return names.includes('QuotaExceededError');
}

/** Stores the file in `db` as waiting to upload, and returns its id. */
export async function storeLocalPhoto(db: ReplicaDb, blob: Blob, purpose: PhotoPurpose, options: AddPhotoOptions = {}): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  const row: LocalPhoto = {
    id,
    purpose,
    blob,
    contentType: blob.type || 'application/octet-stream',
    size: blob.size,
    fileName: options.fileName ?? null,
    status: 'pending',
    attempts: 0,
    url: null,
    progress: 0,
    error: null,
    createdAt: new Date().toISOString(),
  };
  try {
    await db.photos.add(row);
  } catch (error) {
    if (isQuotaError(error)) throw new AppError('payload_too_large', STORAGE_FULL_MESSAGE);
    throw error;
  }
  return id;
}

/** Keeps a (compressed) photo on the signed-in user's device and asks the queue to send it. Returns its id. */
export async function addLocalPhoto(blob: Blob, purpose: PhotoPurpose, options: AddPhotoOptions = {}): Promise<string> {
  const { db, photoQueue } = useSyncSession.getState();
  if (!db) throw new AppError('unauthenticated', 'Please sign in to add photos.');
  const id = await storeLocalPhoto(db, blob, purpose, options);
  void photoQueue?.kick();
  // Where the browser has Background Sync, it wakes the app when the network returns (never relied on).
  if (!isOnline()) requestBackgroundSync();
  return id;
}

/**
 * Lets go of photos nobody will refer to (added in a dialog that was then
 * cancelled, or removed again before saving): those not uploaded yet are
 * deleted and never sent. Uploaded ones stay (the server's cleanup removes
 * files no product uses).
 */
export async function discardLocalPhotos(ids: string[]): Promise<void> {
  const { db, photoQueue } = useSyncSession.getState();
  if (!db || ids.length === 0) return;
  for (const id of ids) photoQueue?.cancel(id);
  await db.photos
    .where('id')
    .anyOf(ids)
    .filter((photo) => photo.status !== 'uploaded')
    .delete();
}

/** Sends a refused photo again, from scratch. */
export async function retryLocalPhoto(id: string): Promise<void> {
  await useSyncSession.getState().photoQueue?.retry(id);
}
