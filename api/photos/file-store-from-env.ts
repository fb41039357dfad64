/** The store the configuration names: an S3-compatible bucket when S3_BUCKET is set, the local disk otherwise. */
import type { Env } from '../env';
import { DiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

export function fileStoreFromEnv(env: Env): FileStore {
  if (!env.s3) return new DiskFileStore(env.uploadsDir);
  return new S3FileStore(env.s3);
}
