/**
 * The profile photo: checked on the device (an image, under 5 MB) before
 * anything is sent, then uploaded to POST /api/upload. A photo needs a
 * connection; the address it gets is then saved like any profile change.
 */
import { MAX_PROFILE_IMAGE_BYTES } from '../../../sync/contract/constants';
import { authHeaders, fetchFromServer } from '../../lib/api-client';

export const NOT_AN_IMAGE_MESSAGE = 'Please select an image file';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image must be less than 5MB';
export const UPLOAD_FAILED_MESSAGE = 'Upload failed';
export const UPLOAD_NEEDS_CONNECTION_MESSAGE = "You're offline. Changing your photo needs a connection: try again when you're back online.";

/** The message for a file that may not be a profile photo, or null when it may. The type is checked first. */
export function checkProfileImage(file: { type: string; size: number }): string | null {
  if (!file.type.toLowerCase().startsWith('image/')) return NOT_AN_IMAGE_MESSAGE;
  if (file.size >= MAX_PROFILE_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** The server's own sentence from an error body ({ message }), else 'Upload failed'. */
export function uploadErrorMessage(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { message?: unknown } | null;
    if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  } catch {
    // Not JSON: a proxy's page or nothing at all.
  }
  return UPLOAD_FAILED_MESSAGE;
}

/** Why an upload did not work: `status` is the HTTP status, or null when the server could not be reached. */
export class ProfileImageUploadError extends Error {
  readonly status: number | null;
  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'ProfileImageUploadError';
    this.status = status;
  }
}

/** Uploads a checked file as one of the profile's images (the photo, or a seller's menu cover) and resolves with its served address (in a time sized to the file). */
export async function uploadProfileImage(file: File, fetchImpl: (url: string, init: RequestInit) => Promise<Response> = fetchFromServer): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  form.append('purpose', 'profile');
  form.append('id', crypto.randomUUID());
  let response: Response;
  try {
    response = await fetchImpl('/api/upload', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: authHeaders(),
    });
  } catch {
    throw new ProfileImageUploadError(null, UPLOAD_NEEDS_CONNECTION_MESSAGE);
  }
  if (!response.ok) throw new ProfileImageUploadError(response.status, uploadErrorMessage(await response.text().catch(() => '')));
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  if (typeof body?.url !== 'string' || !body.url) throw new ProfileImageUploadError(response.status, UPLOAD_FAILED_MESSAGE);
  return body.url;
}
