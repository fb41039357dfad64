/**
 * An image address a person sets names bytes they uploaded themselves: the
 * schema already keeps it to the server's uploads, and this keeps another
 * account's upload out, whose file goes when that account closes.
 */
import { AppError } from '../../sync/contract/errors';
import { UPLOADED_IMAGE_PATH } from '../../sync/contract/fields';
import type { Tx } from '../db/database';
import { userUploadedHash } from '../db/repositories/photos';

export const notOwnUploadMessage = (label: string) => `${label} must be one of your own uploads`;

/** Refuses `address` (the value of `field`, shown as `label`) unless it is absent or names one of the user's uploads. */
export async function assertOwnUpload(db: Tx['db'], userId: string, field: string, label: string, address: string | null | undefined): Promise<void> {
  if (!address) return;
  const sha256 = UPLOADED_IMAGE_PATH.exec(address)?.[1];
  if (!sha256 || !(await userUploadedHash(db, userId, sha256))) {
    throw new AppError('validation', notOwnUploadMessage(label), { [field]: notOwnUploadMessage(label) });
  }
}
