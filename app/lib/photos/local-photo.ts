/**
 * A photo or lab result as the device keeps it (the replica's `photos` table):
 * the compressed file itself until it is uploaded, then the served address.
 * Rows also arrive from pulls (the user's files uploaded from any device),
 * with no file, only the address.
 */
import type { PhotoPurpose } from '../../../sync/entities/photo';

export type LocalPhotoStatus = 'pending' | 'uploading' | 'uploaded' | 'failed';

export type LocalPhoto = {
  /** Made on the device; the product names the photo by it, and the upload is idempotent by it. */
  id: string;
  purpose: PhotoPurpose;
  /** The file to upload; dropped once the server has it (its copy is served at `url`). */
  blob: Blob | null;
  contentType: string;
  size: number;
  /** The name the person's file had (lab results show it). */
  fileName: string | null;
  status: LocalPhotoStatus;
  /** Failed attempts so far (network or server errors), for the backoff. */
  attempts: number;
  /** Where the server serves it, once uploaded. */
  url: string | null;
  /** 0 to 1 while uploading; live progress is kept in memory (upload-progress.ts). */
  progress: number;
  /** Why the server refused it (status 'failed'), or the last transient error. */
  error: string | null;
  createdAt: string;
};

/** Waiting for the network, or on its way. */
export function isWaiting(photo: Pick<LocalPhoto, 'status'>): boolean {
  return photo.status === 'pending' || photo.status === 'uploading';
}
