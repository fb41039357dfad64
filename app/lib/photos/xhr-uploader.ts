/**
 * POST /api/upload with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Multipart fields: `id` (made on the device: the upload is
 * idempotent by it), `purpose`, then the file as `image`. The bearer token is
 * read at send time, so a sign-in again is picked up by the next attempt. An
 * upload has a time sized to its bytes; out of time, or stalled, it counts as
 * no answer and is tried again.
 */
import { answersSoFar, reportNetworkFailure, reportServerAnswered } from '../connectivity';
import { requestTimeoutMs, UPLOAD_STALL_MS } from '../request-timeout';
import { TOKEN_KEY } from '../session-storage-keys';
import { NETWORK_MESSAGE, uploadResultOf, type PhotoUploader } from './upload-result';

export const UPLOAD_ENDPOINT = '/api/upload';

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
      }, UPLOAD_STALL_MS);
    };
    const finish = (result: Parameters<typeof resolve>[0]) => {
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort);

    const answersWhenSent = answersSoFar();
    xhr.open('POST', UPLOAD_ENDPOINT);
    xhr.timeout = requestTimeoutMs(request.blob.size);
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
      reportNetworkFailure(answersWhenSent);
      finish({ outcome: 'retry', message: NETWORK_MESSAGE });
    });
    xhr.addEventListener('timeout', () => {
      reportNetworkFailure(answersWhenSent);
      finish({ outcome: 'retry', message: 'The upload timed out' });
    });
    xhr.addEventListener('abort', () => {
      if (!stalled) return finish({ outcome: 'aborted' });
      reportNetworkFailure(answersWhenSent);
      finish({ outcome: 'retry', message: 'The upload stalled' });
    });

    const form = new FormData();
    form.append('id', request.id);
    form.append('purpose', request.purpose);
    form.append('image', request.blob, request.fileName);
    watch();
    xhr.send(form);
  });
