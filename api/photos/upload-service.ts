/**
 * POST /api/upload's work: checks who may upload for which purpose, the
 * file's real type and size, removes an image's metadata (and rewrites a PDF
 * with only its pages: no scripts, actions, attachments or metadata), stores the bytes once by content hash and
 * records the upload under the id the device made, so a retried upload is
 * answered with the first one's record.
 */
import { createHash, randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, PHOTO_PURPOSES, type Photo, type PhotoPurpose } from '../../sync/entities/photo';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import { entityId } from '../../sync/contract/fields';
import type { Services } from '../context';
import { fileNameOf, findPhoto, insertPhoto } from '../db/repositories/photos';
import { refreshCoversUsing } from '../products/product-service';
import { assertSellerMayWrite } from '../billing/entitlement-gate';
import { sniffContentType, type StoredContentType } from './file-types';
import { EncryptedPdfError, MalformedPdfError, rewritePdf } from './rewrite-pdf';
import { MalformedImageError, stripImageMetadata } from './strip-metadata';
import { takeUploadQuota } from './upload-quota';

export const SELECT_IMAGE_MESSAGE = 'Please select an image file';
export const SELECT_LAB_RESULT_MESSAGE = 'Please select a PDF or an image file';
export const PHOTO_ID_TAKEN_MESSAGE = 'This photo id is already used by another account. Upload the file again under a new id.';
export const SELLERS_ONLY_MESSAGE = 'Only sellers can upload product photos and lab results.';
export const PROTECTED_PDF_MESSAGE = 'This PDF is protected with a password. Save a copy without the protection and upload that.';

/** The message for a profile photo ('Image must be less than 5MB', docs/product-rules.md's Uploads); other purposes say "File". */
export function tooLargeMessage(purpose: PhotoPurpose): string {
  const megabytes = Math.round(MAX_UPLOAD_BYTES[purpose] / (1024 * 1024));
  return `${purpose === 'profile' ? 'Image' : 'File'} must be less than ${megabytes}MB`;
}

export const selectFileMessage = (purpose: PhotoPurpose) => (purpose === 'lab-result' ? SELECT_LAB_RESULT_MESSAGE : SELECT_IMAGE_MESSAGE);

/** The multipart fields as received: `image` a file (a string or nothing is refused), `purpose` and `id` text. */
export type UploadInput = { image: unknown; purpose: unknown; id: unknown };

export type UploadOutcome = { photo: Photo; created: boolean };

function purposeOf(value: unknown): PhotoPurpose {
  if (value === undefined || value === null || value === '') return 'product';
  const purpose = PHOTO_PURPOSES.find((known) => known === value);
  if (!purpose) {
    throw new AppError('validation', `Unknown upload purpose: use one of ${PHOTO_PURPOSES.join(', ')}`, {
      purpose: 'Unknown purpose',
    });
  }
  return purpose;
}

function idOf(value: unknown): string {
  if (value === undefined || value === null || value === '') return randomUUID();
  const parsed = entityId.safeParse(value);
  if (!parsed.success) throw new AppError('validation', 'The photo id must be a valid id (a UUID)', { id: 'Must be a valid id' });
  return parsed.data;
}

/** The record as the API hands it out, or a conflict when the id is another account's. */
function ownRecord(existing: Photo & { userId: string; sha256: string }, user: User): Photo {
  if (existing.userId !== user.id) throw new AppError('conflict', PHOTO_ID_TAKEN_MESSAGE);
  const { userId, sha256, ...photo } = existing;
  return photo;
}

async function withoutMetadata(bytes: Uint8Array, contentType: StoredContentType, purpose: PhotoPurpose): Promise<Uint8Array> {
  try {
    return contentType === 'application/pdf' ? await rewritePdf(bytes) : stripImageMetadata(bytes, contentType);
  } catch (error) {
    if (error instanceof EncryptedPdfError) throw new AppError('validation', PROTECTED_PDF_MESSAGE, { image: PROTECTED_PDF_MESSAGE });
    if (error instanceof MalformedImageError || error instanceof MalformedPdfError)
      throw new AppError('validation', selectFileMessage(purpose), { image: selectFileMessage(purpose) });
    throw error;
  }
}

export async function uploadPhoto(services: Services, user: User, input: UploadInput): Promise<UploadOutcome> {
  const purpose = purposeOf(input.purpose);
  const image = input.image;
  if (!(image instanceof Blob) || image.size === 0) throw new AppError('validation', selectFileMessage(purpose), { image: selectFileMessage(purpose) });
  if (purpose !== 'profile' && user.role !== 'seller') throw new AppError('forbidden', SELLERS_ONLY_MESSAGE);
  const id = idOf(input.id);

  // A retry of an upload that already arrived: the first record, whatever was sent this time.
  const existing = await findPhoto(services.db.read, id);
  if (existing) return { photo: ownRecord(existing, user), created: false };

  if (purpose !== 'profile') assertSellerMayWrite(user, services.now());
  if (image.size > MAX_UPLOAD_BYTES[purpose]) throw new AppError('payload_too_large', tooLargeMessage(purpose));
  // Before the bytes are read: an account over its quota costs no more work. A retry of a stored upload (above) is free.
  await takeUploadQuota(services, user.id, image.size);
  const received = new Uint8Array(await image.arrayBuffer());
  const contentType = sniffContentType(received, purpose);
  if (!contentType) throw new AppError('validation', selectFileMessage(purpose), { image: selectFileMessage(purpose) });
  // Stored and served publicly for a year: what the picture does not need (its location above all) never reaches the disk,
  // nor anything in a PDF that could run when it is opened.
  const bytes = await withoutMetadata(received, contentType, purpose);

  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = fileNameOf(sha256, contentType);
  // Written before the record, outside the write lock: a record never exists without its file.
  await services.files.put(fileName, bytes);

  return services.db.transaction(async (tx) => {
    const raced = await findPhoto(tx.db, id);
    if (raced) return { photo: ownRecord(raced, user), created: false };
    // A cleanup may have removed these bytes (an older unused record of the same file) since they were written;
    // cleanups delete files inside their own write transaction, so checking here, under the lock, is final.
    await services.files.put(fileName, bytes);
    const now = services.now();
    const photo = await insertPhoto(tx.db, { id, userId: user.id, sha256, contentType, size: bytes.length, purpose }, tx.version, now);
    await refreshCoversUsing(tx, user.id, id, now);
    return { photo, created: true };
  });
}
