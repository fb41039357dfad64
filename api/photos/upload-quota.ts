/**
 * How much one account may upload: bytes per minute and per day, and a cap
 * on the bytes of its uploads that nothing uses yet. The cap is read from the
 * database; it leaves room for photos sent ahead of the products that name
 * them, and stops an account from filling the disk with files it never uses.
 */
import type { Services } from '../context';
import { unusedUploadsOf } from '../db/repositories/photos';
import { MAX_UNUSED_UPLOAD_BYTES } from '../limits/quotas';
import { RateLimitedError, waitText } from '../platform/limits/rate-limited-error';
import { UNUSED_PHOTO_GRACE_MS } from './cleanup';

const MEGABYTE = 1024 * 1024;
/** The soonest a device is asked to try again after the unused cap: using an upload makes room at any moment. */
const UNUSED_CAP_MIN_WAIT_MS = 60_000;

/** Counts an upload of `bytes` for the user, or refuses it (counting nothing) when a quota is spent. */
export async function takeUploadQuota(services: Services, userId: string, bytes: number): Promise<void> {
  const unused = await unusedUploadsOf(services.db.read, userId);
  if (unused.bytes + bytes > MAX_UNUSED_UPLOAD_BYTES) {
    // Room opens when a product, profile or menu uses some of them, or when the cleanup removes the oldest.
    const cleanedAt = (unused.oldestAt?.getTime() ?? 0) + UNUSED_PHOTO_GRACE_MS;
    const wait = Math.max(UNUSED_CAP_MIN_WAIT_MS, cleanedAt - services.now().getTime());
    throw new RateLimitedError(
      `You have ${MAX_UNUSED_UPLOAD_BYTES / MEGABYTE} MB of uploads that no product, profile or menu uses yet. Add them to products, or try again in ${waitText(wait)}.`,
      wait,
    );
  }
  const { quotas } = services;
  const wait = await quotas.take({ window: quotas.uploadBytesPerMinute, key: userId, amount: bytes }, { window: quotas.uploadBytesPerDay, key: userId, amount: bytes });
  if (wait > 0) throw new RateLimitedError(`You have uploaded too much for now. Please try again in ${waitText(wait)}.`, wait);
}
