/**
 * Showing photos: the device's own copy (an object URL of the Blob in
 * IndexedDB) until the upload has finished, then the server's address.
 * Object URLs are shared by every component that shows the same photo and
 * revoked when the last of them unmounts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSyncSession } from '../replica/sync-session';
import type { LocalPhoto } from './local-photo';

type Shared = { url: string; users: number };
const objectUrls = new Map<string, Shared>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Takes a share of the object URL for `key` (made from `blob` by the first taker); returns the release. */
function acquireObjectUrl(key: string, blob: Blob): () => void {
  const shared = objectUrls.get(key);
  if (shared) shared.users += 1;
  else objectUrls.set(key, { url: URL.createObjectURL(blob), users: 1 });
  notify();
  return () => {
    const current = objectUrls.get(key);
    if (!current) return;
    current.users -= 1;
    if (current.users > 0) return;
    objectUrls.delete(key);
    URL.revokeObjectURL(current.url);
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The row of one photo in the replica, live (undefined while loading or when unknown). */
export function useLocalPhoto(photoId: string | null | undefined): LocalPhoto | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => (db && photoId ? db.photos.get(photoId) : undefined), [db, photoId]);
}

/** The local copy while there is one and it is not uploaded yet. */
function localBlobOf(photo: LocalPhoto | undefined): Blob | null {
  return photo && photo.status !== 'uploaded' && photo.blob ? photo.blob : null;
}

/**
 * What an <img> should show for a photo: the local copy until uploaded, then
 * the served address; null when the device knows nothing of it (yet).
 */
export function usePhotoUrl(photoId: string | null | undefined): { url: string | null; photo: LocalPhoto | undefined } {
  const photo = useLocalPhoto(photoId);
  const blob = localBlobOf(photo);
  // One object URL per photo and row version: a live query hands out a new Blob object on every read.
  const key = blob && photoId ? `${photoId}:${blob.size}` : null;
  useEffect(() => {
    if (!key || !blob) return;
    return acquireObjectUrl(key, blob);
    // The blob object changes on every read of the row; the key says when its content does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const objectUrl = useSyncExternalStore(
    subscribe,
    () => (key ? (objectUrls.get(key)?.url ?? null) : null),
    () => null,
  );
  return { url: objectUrl ?? photo?.url ?? null, photo };
}

/**
 * What each of `photoIds` shows as (the local copy until uploaded, then the
 * served address), for a whole menu at once; undefined while the replica opens.
 * Photos the device knows nothing of are absent.
 */
export function usePhotoUrls(photoIds: readonly string[]): ReadonlyMap<string, string> | undefined {
  const db = useSyncSession((state) => state.db);
  const idsKey = photoIds.join('\n');
  const rows = useLiveQuery(async () => (db ? db.photos.bulkGet(idsKey ? idsKey.split('\n') : []) : undefined), [db, idsKey]);
  const local = (rows ?? []).flatMap((photo) => {
    const blob = localBlobOf(photo);
    return photo && blob ? [{ id: photo.id, key: `${photo.id}:${blob.size}`, blob }] : [];
  });
  const localKey = local.map((photo) => photo.key).join('\n');
  useEffect(() => {
    const releases = local.map((photo) => acquireObjectUrl(photo.key, photo.blob));
    return () => releases.forEach((release) => release());
    // As in usePhotoUrl: the blobs are new objects on every read; the keys say when their content changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [localKey]);
  const objectUrlsKey = useSyncExternalStore(
    subscribe,
    () => local.map((photo) => objectUrls.get(photo.key)?.url ?? '').join('\n'),
    () => '',
  );
  return useMemo(() => {
    if (!rows) return undefined;
    const objectUrlList = objectUrlsKey.split('\n');
    const localUrls = new Map(local.map((photo, index) => [photo.id, objectUrlList[index] ?? '']));
    const urls = new Map<string, string>();
    for (const photo of rows) {
      const url = localUrls.get(photo?.id ?? '') || photo?.url;
      if (photo && url) urls.set(photo.id, url);
    }
    return urls;
    // `local` follows from `rows`; its object URLs from `objectUrlsKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, objectUrlsKey]);
}

export type PhotoCounts = { waiting: number; failed: LocalPhoto[]; uploading: LocalPhoto[] };

/** How many photos wait to upload, which are on their way, and which the server refused. */
export function usePhotoCounts(): PhotoCounts | undefined {
  const db = useSyncSession((state) => state.db);
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const [pending, uploading, failed] = await Promise.all([
      db.photos.where('status').equals('pending').count(),
      db.photos.where('status').equals('uploading').toArray(),
      db.photos.where('status').equals('failed').toArray(),
    ]);
    return { waiting: pending + uploading.length, uploading, failed };
  }, [db]);
}
