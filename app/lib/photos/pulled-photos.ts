/** Storing a pull's files in the replica (kept apart from local-photos.ts so the sync store needs nothing from the session). */
import type { Photo } from '../../../sync/entities/photo';
import type { ReplicaDb } from '../replica/replica-db';

/**
 * A pull's files (the user's uploads, from any device): known ones are
 * marked uploaded (their local copy let go), others are added with their
 * address. Runs inside the pull's transaction (dexie-sync-store.ts).
 */
export async function storePulledPhotos(db: ReplicaDb, photos: Photo[]): Promise<void> {
  for (const photo of photos) {
    const existing = await db.photos.get(photo.id);
    const uploaded = { status: 'uploaded' as const, url: photo.url, contentType: photo.contentType, size: photo.size, blob: null, progress: 1, error: null };
    if (existing) await db.photos.put({ ...existing, ...uploaded });
    else await db.photos.put({ id: photo.id, purpose: photo.purpose, fileName: null, attempts: 0, createdAt: photo.createdAt, ...uploaded });
  }
}
