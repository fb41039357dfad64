/**
 * What one upload attempt came to, and what the queue does about it:
 * uploaded (done), unauthorized (wait for the person to sign in again; the
 * photo keeps its place), refused (the server turned this file down for good:
 * mark it failed with the server's words), retry (network down, timeout,
 * server error, a quota: back off and try again, no sooner than the
 * server's Retry-After when it gave one), aborted (the queue stopped it).
 */
import { photoSchema, type Photo, type PhotoPurpose } from '../../../sync/entities/photo';
import { retryAfterMsOf } from '../api-client';

export type UploadResult =
  | { outcome: 'uploaded'; photo: Photo }
  | { outcome: 'unauthorized'; message: string }
  | { outcome: 'refused'; message: string }
  | { outcome: 'retry'; message: string; retryAfterMs?: number }
  | { outcome: 'aborted' };

export type UploadRequest = { id: string; purpose: PhotoPurpose; blob: Blob; fileName: string };

/** Sends one file; reports bytes sent as they go; never throws (every failure is a result). */
export type PhotoUploader = (request: UploadRequest, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<UploadResult>;

export const NETWORK_MESSAGE = 'The network is not available';

const DEFAULT_REFUSALS: Record<number, string> = {
  400: 'Please select an image file',
  403: 'You may not upload this file',
  409: 'This photo belongs to another account',
  413: 'The file is too large',
  415: 'Please select an image file',
};

/** Statuses in the 4xx range that still mean "try again later". */
const TRANSIENT_CLIENT_STATUSES = new Set([408, 425, 429]);

function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.trim() ? parsed.message : null;
  } catch {
    return null;
  }
}

/** Reads the answer to POST /api/upload (status 0: the request never got an answer) and its Retry-After header. */
export function uploadResultOf(status: number, body: string, retryAfter: string | null = null): UploadResult {
  if (status === 200 || status === 201) {
    try {
      const photo = photoSchema.safeParse(JSON.parse(body));
      if (photo.success) return { outcome: 'uploaded', photo: photo.data };
    } catch {
      // Fall through: an answer we cannot read is retried.
    }
    return { outcome: 'retry', message: 'The server sent an answer this app cannot read' };
  }
  if (status === 0) return { outcome: 'retry', message: NETWORK_MESSAGE };
  if (status === 401) return { outcome: 'unauthorized', message: serverMessage(body) ?? 'Please sign in again' };
  if (status >= 400 && status < 500 && !TRANSIENT_CLIENT_STATUSES.has(status)) {
    return { outcome: 'refused', message: serverMessage(body) ?? DEFAULT_REFUSALS[status] ?? `This file could not be uploaded (error ${status})` };
  }
  const message = serverMessage(body) ?? `The upload did not go through (error ${status}); it will be tried again`;
  const retryAfterMs = retryAfterMsOf(retryAfter);
  return retryAfterMs === null ? { outcome: 'retry', message } : { outcome: 'retry', message, retryAfterMs };
}
