import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MS, BODY_STALL_MS, bytesOf, fetchWithin, MS_PER_MB_SENT, RequestTimeoutError, requestTimeoutMs } from './request-timeout';

const MB = 1024 * 1024;
const aborted = () => new DOMException('The operation was aborted.', 'AbortError');

/** A server that never answers: the request stays open until the caller aborts it, as fetch does. */
function noAnswer() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(aborted()));
      }),
  );
}

/** A server that answers at once and sends its body in pieces, each after a pause; with `thenHang`, the body never ends. */
function answerInPieces(pieces: Array<{ afterMs: number; text: string }>, thenHang = false) {
  return vi.fn(async (_url: string, init?: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(aborted()));
        let at = 0;
        for (const piece of pieces) {
          at += piece.afterMs;
          setTimeout(() => controller.enqueue(new TextEncoder().encode(piece.text)), at);
        }
        if (!thenHang) setTimeout(() => controller.close(), at);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/plain' } });
  });
}

/** Where a promise stands now, without waiting for it. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requestTimeoutMs', () => {
  it('gives the server a base time to answer, and more for every MB sent', () => {
    expect(requestTimeoutMs(0)).toBe(ANSWER_TIMEOUT_MS);
    expect(requestTimeoutMs(MB)).toBe(ANSWER_TIMEOUT_MS + MS_PER_MB_SENT);
    expect(requestTimeoutMs(MB / 2)).toBe(ANSWER_TIMEOUT_MS + MS_PER_MB_SENT / 2);
    expect(requestTimeoutMs(10 * MB)).toBe(ANSWER_TIMEOUT_MS + 10 * MS_PER_MB_SENT);
  });

  it('weighs what a request sends: text, files and forms', () => {
    expect(bytesOf(undefined)).toBe(0);
    expect(bytesOf('{"a":1}')).toBe(7);
    expect(bytesOf(new Blob([new Uint8Array(2048)]))).toBe(2048);
    const form = new FormData();
    form.append('id', 'abc');
    form.append('image', new Blob([new Uint8Array(MB)]), 'photo.jpg');
    expect(bytesOf(form)).toBe(3 + MB);
  });
});

describe('fetchWithin', () => {
  it('gives up a request that gets no answer within the base time', async () => {
    vi.stubGlobal('fetch', noAnswer());
    const request = fetchWithin('/api/sync/pull');
    const settled = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(await stateOf(request)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(RequestTimeoutError);
  });

  it('waits longer for a request that sends more', async () => {
    vi.stubGlobal('fetch', noAnswer());
    const request = fetchWithin('/api/sync/push', { method: 'POST', body: 'x'.repeat(2 * MB) });
    const settled = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS + 2 * MS_PER_MB_SENT - 1);
    expect(await stateOf(request)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(RequestTimeoutError);
  });

  it('takes a time of its own when given one', async () => {
    vi.stubGlobal('fetch', noAnswer());
    const settled = fetchWithin('/api/health', {}, 2_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled).toBeInstanceOf(RequestTimeoutError);
  });

  it('gives up an answer whose body stops coming', async () => {
    vi.stubGlobal('fetch', answerInPieces([{ afterMs: 1_000, text: '{"items":[' }], true));
    const request = fetchWithin('/api/browse');
    const settled = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000 + BODY_STALL_MS - 1);
    expect(await stateOf(request)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(RequestTimeoutError);
  });

  it('reads a body that keeps coming, however long it takes in all', async () => {
    const pieces = Array.from({ length: 6 }, (_, index) => ({ afterMs: BODY_STALL_MS - 1_000, text: `${index}` }));
    vi.stubGlobal('fetch', answerInPieces(pieces));
    const request = fetchWithin('/api/sync/pull');
    await vi.advanceTimersByTimeAsync(6 * (BODY_STALL_MS - 1_000));
    const response = await request;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('012345');
  });

  it('hands back an answer in time whole, with its status, and leaves no timer behind', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Not found' }, { status: 404, statusText: 'Not Found' })),
    );
    const response = await fetchWithin('/api/menus/x');
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(await response.json()).toEqual({ message: 'Not found' });
    expect(vi.getTimerCount()).toBe(0);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    expect((await fetchWithin('/api/session', { method: 'DELETE' })).status).toBe(204);
  });

  it("leaves fetch's own failures as they are", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchWithin('/api/products')).rejects.toThrow(TypeError);
    expect(vi.getTimerCount()).toBe(0);
  });
});
