/**
 * POST /api/upload with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Multipart fields: `id` (made on the device: the upload is
 * idempotent by it), `purpose`, then the file as `image`. The bearer token is
 * read at send time, so a sign-in again is picked up by the next attempt.
 */
import { reportNetworkFailure, reportServerAnswered } from '../connectivity';
import { TOKEN_KEY } from '../session-storage-keys';
import { NETWORK_MESSAGE, uploadResultOf, type PhotoUploader } from './upload-result';

export const UPLOAD_ENDPOINT = '/api/upload';
/** A stalled upload is given up (and retried) after this long with no progress. */
const STALL_MS = 60_000;

export const xhrUploader: PhotoUploader = (request, onProgress, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve({ outcome: 'aborted' });
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let stalled = false;
    const watch = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    const finish = (result: Parameters<typeof resolve>[0]) => {
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort);

    xhr.open('POST', UPLOAD_ENDPOINT);
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      watch();
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      reportServerAnswered();
      finish(uploadResultOf(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')));
    });
    xhr.addEventListener('error', () => {
      reportNetworkFailure();
      finish({ outcome: 'retry', message: NETWORK_MESSAGE });
    });
    xhr.addEventListener('timeout', () => finish({ outcome: 'retry', message: 'The upload timed out' }));
    xhr.addEventListener('abort', () => finish(stalled ? { outcome: 'retry', message: 'The upload stalled' } : { outcome: 'aborted' }));

    const form = new FormData();
    form.append('id', request.id);
    form.append('purpose', request.purpose);
    form.append('image', request.blob, request.fileName);
    watch();
    xhr.send(form);
  });
