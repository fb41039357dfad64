/** The engine's transport over the API, mapping failures to what the engine should do about them. */
import { SyncTransportError, type SyncTransport } from '../../../sync/engine/sync-engine';
import type { PullResponse, PushRequest, PushResponse } from '../../../sync/protocol';
import { apiRequest, ApiError, NetworkError } from '../api-client';

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    if (error instanceof NetworkError) throw new SyncTransportError('network', error.message);
    if (error instanceof ApiError) {
      const message = error.serverMessage ?? error.message;
      if (error.status === 401) throw new SyncTransportError('unauthorized', message);
      // A quota: the outbox is kept and sent again after the wait, never refused.
      if (error.status === 429) throw new SyncTransportError('rate_limited', message, error.retryAfterMs);
      if (error.status >= 500) throw new SyncTransportError('server', message);
      throw new SyncTransportError('rejected', message);
    }
    throw error;
  }
}

export const httpSyncTransport: SyncTransport = {
  push: (request: PushRequest) => call<PushResponse>('POST', '/api/sync/push', request),
  pull: (cursor: number, clientId: string) => call<PullResponse>('GET', `/api/sync/pull?cursor=${cursor}&clientId=${encodeURIComponent(clientId)}`),
};
