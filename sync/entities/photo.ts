import { z } from 'zod';
import { MAX_PROFILE_IMAGE_BYTES } from '../contract/constants';
import { entityId, isoDate } from '../contract/fields';

export const PHOTO_PURPOSES = ['product', 'profile', 'lab-result'] as const;
export type PhotoPurpose = (typeof PHOTO_PURPOSES)[number];

/**
 * Upload limits by purpose. Product photos are compressed on the device to
 * about 1 MB first, so their limit only stops what did not go through that.
 */
export const MAX_UPLOAD_BYTES: Record<PhotoPurpose, number> = {
  product: 10 * 1024 * 1024,
  profile: MAX_PROFILE_IMAGE_BYTES,
  'lab-result': 10 * 1024 * 1024,
};

export const MAX_PHOTOS_PER_PRODUCT = 12;

/** An uploaded file, as the API and a pull hand it out. */
export const photoSchema = z.object({
  id: entityId,
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  purpose: z.enum(PHOTO_PURPOSES),
  createdAt: isoDate,
});
export type Photo = z.infer<typeof photoSchema>;
