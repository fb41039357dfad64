/** Uploaded files' records (the bytes are in the file store, named by hash). */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Photo, PhotoPurpose } from '../../../sync/entities/photo';
import { chunks } from '../chunks';
import type { Db } from '../database';
import { photos, products } from '../schema';
import { jsonArrayHas } from '../sql-dialect';

type PhotoRow = typeof photos.$inferSelect;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export function fileNameOf(sha256: string, contentType: string): string {
  return `${sha256}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

export function uploadUrl(sha256: string, contentType: string): string {
  return `/uploads/${fileNameOf(sha256, contentType)}`;
}

export function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    url: uploadUrl(row.sha256, row.contentType),
    contentType: row.contentType,
    size: row.size,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPhoto(db: Db, id: string): Promise<(Photo & { userId: string; sha256: string }) | null> {
  const row = await db.select().from(photos).where(eq(photos.id, id)).get();
  return row ? { ...toPhoto(row), userId: row.userId, sha256: row.sha256 } : null;
}

export async function insertPhoto(
  db: Db,
  photo: { id: string; userId: string; sha256: string; contentType: string; size: number; purpose: PhotoPurpose },
  version: number,
  now: Date,
): Promise<Photo> {
  return toPhoto(
    await db
      .insert(photos)
      .values({ ...photo, version, createdAt: now })
      .returning()
      .get(),
  );
}

/** The owner's uploaded photos among `ids`, by id. */
export async function ownPhotosByIds(db: Db, userId: string, ids: string[]): Promise<Map<string, Photo>> {
  const found = new Map<string, Photo>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .select()
      .from(photos)
      .where(and(eq(photos.userId, userId), inArray(photos.id, chunk)))
      .all();
    for (const row of rows) found.set(row.id, toPhoto(row));
  }
  return found;
}

export async function photosChangedSince(db: Db, userId: string, cursor: number): Promise<Photo[]> {
  return (
    await db
      .select()
      .from(photos)
      .where(and(eq(photos.userId, userId), gt(photos.version, cursor)))
      .orderBy(asc(photos.version))
      .all()
  ).map(toPhoto);
}

/** The seller's products whose gallery or lab result names the photo. */
export async function productIdsUsingPhoto(db: Db, userId: string, photoId: string): Promise<string[]> {
  return (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, userId), or(eq(products.labResultId, photoId), jsonArrayHas(db, products.photoIds, photoId))))
      .all()
  ).map((row) => row.id);
}

/** True for a photo row `p` that no product gallery, lab result, profile photo or menu cover refers to. */
const unused = (db: Db) => sql`
  not exists (select 1 from products pr where ${jsonArrayHas(db, sql`pr.photo_ids`, sql`p.id`)})
  and not exists (select 1 from products pr where pr.lab_result_id = p.id)
  and not exists (select 1 from users u where u.profile_image_url like '%' || p.sha256 || '%' or u.menu_cover_url like '%' || p.sha256 || '%')`;

/** Files nothing refers to any more, uploaded before `before` (so in-flight uploads are spared). */
export async function unusedPhotos(db: Db, before: Date): Promise<Array<{ id: string; sha256: string; contentType: string }>> {
  return await db.all<{ id: string; sha256: string; contentType: string }>(sql`
    select p.id, p.sha256, p.content_type as "contentType" from photos p
    where p.created_at < ${before.getTime()} and ${unused(db)}`);
}

/** The bytes of the user's uploads that nothing refers to yet, and when the oldest of them arrived. */
export async function unusedUploadsOf(db: Db, userId: string): Promise<{ bytes: number; oldestAt: Date | null }> {
  const row = await db.get<{ bytes: number; oldestAt: number | null }>(sql`
    select coalesce(sum(p.size), 0) as bytes, min(p.created_at) as "oldestAt" from photos p
    where p.user_id = ${userId} and ${unused(db)}`);
  return { bytes: row.bytes, oldestAt: row.oldestAt === null ? null : new Date(row.oldestAt) };
}

export async function deletePhotos(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(photos).where(inArray(photos.id, ids)).run();
}

/** Whether the user uploaded these bytes (under any id). */
export async function userUploadedHash(db: Db, userId: string, sha256: string): Promise<boolean> {
  return (
    (await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.userId, userId), eq(photos.sha256, sha256)))
      .get()) !== undefined
  );
}

/** The stored names of every file the user uploaded. */
export async function uploadedFileNamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ sha256: photos.sha256, contentType: photos.contentType }).from(photos).where(eq(photos.userId, userId)).all();
  return rows.map((row) => fileNameOf(row.sha256, row.contentType));
}

/** Whether any photo record still points at these bytes. */
export async function hashInUse(db: Db, sha256: string): Promise<boolean> {
  return (await db.select({ id: photos.id }).from(photos).where(eq(photos.sha256, sha256)).get()) !== undefined;
}
