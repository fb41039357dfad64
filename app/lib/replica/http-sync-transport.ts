/**
 * The engine's transport over the API, mapping failures to what the engine should do about them. Each answer is
 * checked with its protocol schema, as every other read is (app/lib/server-read/): an answer the device cannot read
 * is a server failure, retried and shown, never rows half-stored.
 */
import type { ZodType } from 'zod';
import { SyncTransportError, type SyncTransport } from '../../../sync/device/engine/sync-engine';
import type { PullScope, PushRequest } from '../../../sync/contract/protocol';
import { apiRequest, ApiError, NetworkError } from '../api-client';
import { answerMismatch } from '../server-read/read-from-server';

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    if (error instanceof NetworkError) throw new SyncTransportError('network', error.message);
    // A page in place of the answer (a captive portal, a proxy's error page) is no answer the device can store.
    if (error instanceof SyntaxError) throw new SyncTransportError('server', "The server's answer could not be read (not JSON)");
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

/** The answer as its schema reads it, or a server failure naming what did not fit. */
function checked<T>(schema: ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  throw new SyncTransportError('server', `The server's answer could not be read (${answerMismatch(parsed.error)})`);
}

// The protocol's schemas load with the first answer, not with the first page (a shared menu opens without them), and
// only once the server answered: offline, a failure stays the network's.
const protocol = () => import('../../../sync/contract/protocol');

export const httpSyncTransport: SyncTransport = {
  async push(request: PushRequest) {
    const answer = await call<unknown>('POST', '/api/sync/push', request);
    return checked((await protocol()).pushResponseSchema, answer);
  },
  async pull(cursor: number, clientId: string, scope: PullScope, page: string | null) {
    const { pullPath, pullResponseSchema } = await protocol();
    const answer = await call<unknown>('GET', pullPath(cursor, clientId, scope, page));
    return checked(pullResponseSchema, answer);
  },
};
