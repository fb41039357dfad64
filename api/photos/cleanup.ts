/**
 * Removes what no product gallery, lab result or profile uses any more: photo
 * records older than a day (younger ones may belong to an upload whose
 * product has not arrived yet), and every file whose bytes no remaining
 * record points at, including files a failed upload left without a record.
 *
 * Files are deleted inside the write transaction, so an upload (which checks
 * its file under the same lock) never ends up with a record and no file. The
 * store is listed before it: listing a large bucket takes long, and holding
 * the write lock meanwhile would stop every write. A file listed then is
 * still checked for use under the lock, before it goes.
 */
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { deletePhotos, fileNameOf, hashInUse, unusedPhotos } from '../db/repositories/photos';
import { STORED_FILE_NAME } from './file-types';
import type { FileStore } from './file-store';
import { TEMP_FILE_PREFIX } from './disk-file-store';

/** How long an unused upload is kept. */
export const UNUSED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;

export type CleanupReport = {
  photosRemoved: number;
  filesRemoved: number;
  /** The ids of the removed records. */
  photoIds: string[];
  /** The names of the removed files. */
  files: string[];
};

export async function cleanupUnusedPhotos(services: Pick<Services, 'db' | 'files'>, now: Date): Promise<CleanupReport> {
  const before = new Date(now.getTime() - UNUSED_PHOTO_GRACE_MS);
  const { files: store } = services;
  const old = (await store.list()).filter((file) => file.modifiedAt < before);
  const files: string[] = [];
  // What a crashed upload left half-written: no record ever names these.
  for (const file of old) if (file.name.startsWith(TEMP_FILE_PREFIX) && (await store.remove(file.name))) files.push(file.name);
  return services.db.transaction(async (tx) => {
    const unused = await unusedPhotos(tx.db, before);
    const photoIds = unused.map((photo) => photo.id);
    await deletePhotos(tx.db, photoIds);

    const candidates = new Set(unused.map((photo) => fileNameOf(photo.sha256, photo.contentType)));
    for (const file of old) if (STORED_FILE_NAME.test(file.name)) candidates.add(file.name);
    files.push(...(await removeUnnamedFiles(tx, store, candidates)));
    return { photosRemoved: photoIds.length, filesRemoved: files.length, photoIds, files };
  });
}

/**
 * Removes those of the named files whose bytes no photo record points at,
 * inside the caller's write transaction (so an upload of the same bytes,
 * which checks its file under the same lock, keeps its own). Answers the
 * names removed.
 */
export async function removeUnnamedFiles(tx: Tx, store: FileStore, names: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const name of names) {
    const sha256 = STORED_FILE_NAME.exec(name)?.[1];
    if (!sha256 || (await hashInUse(tx.db, sha256))) continue;
    if (await store.remove(name)) removed.push(name);
  }
  return removed;
}
