import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, messageOf, NetworkError, OFFLINE_MESSAGE, retryAfterMsOf, SAVED_COPY_HEADER, SERVER_FAILED_MESSAGE, SERVER_UNREACHABLE_MESSAGE } from './api-client';
import { reportServerAnswered, useConnectivity } from './connectivity';
import { ANSWER_TIMEOUT_MS } from './request-timeout';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reportServerAnswered();
});

/** fetch on a network that swallows every request: nothing comes back until the request is aborted. */
const swallowed = vi.fn(
  (_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }),
);

describe('apiRequest with no answer', () => {
  it('fails as no answer once its time is up, and the app then knows the server cannot be reached', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('fetch', swallowed);
    const request = apiRequest('GET', '/api/subscription-status').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(useConnectivity.getState().connection).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    const error = await request;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect(useConnectivity.getState().connection).toBe('unreachable');
  });

  it('says nothing about the network when the server answered another request since it was sent', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('fetch', swallowed);
    const request = apiRequest('GET', '/api/subscription-status').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS / 2);
    // The network came back: a newer request (the health probe, say) got its answer.
    reportServerAnswered();
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS / 2);
    expect(await request).toBeInstanceOf(NetworkError);
    expect(useConnectivity.getState().connection).toBe('online');
  });
});

describe('an answer the service worker gave from its copy', () => {
  it('tells the app the server could not be reached, though the request got an answer', async () => {
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('fetch', async () => new Response('{}', { headers: { [SAVED_COPY_HEADER]: '1' } }));
    await apiRequest('GET', '/api/public/menu/abc');
    expect(useConnectivity.getState().connection).not.toBe('online');
  });

  it('is not taken for one when the server answered', async () => {
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('fetch', async () => new Response('{}'));
    await apiRequest('GET', '/api/public/menu/abc');
    expect(useConnectivity.getState().connection).toBe('online');
  });
});

describe('messageOf', () => {
  it("prefers the server's own words", () => {
    expect(messageOf(new ApiError(401, JSON.stringify({ message: 'Invalid email or password' }), 'Unauthorized'), 'Check your credentials')).toBe('Invalid email or password');
  });

  it('uses the fallback for a refusal without words', () => {
    expect(messageOf(new ApiError(400, '', 'Bad Request'), 'Check your credentials')).toBe('Check your credentials');
  });

  it('says the server failed, not that the input was wrong, for a wordless 5xx', () => {
    expect(messageOf(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'), 'Check your credentials')).toBe(SERVER_FAILED_MESSAGE);
  });

  it('tells an offline device from a server that cannot be reached', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(messageOf(new NetworkError(), 'Check your credentials')).toBe(OFFLINE_MESSAGE);
    vi.stubGlobal('navigator', { onLine: true });
    expect(messageOf(new NetworkError(), 'Check your credentials')).toBe(SERVER_UNREACHABLE_MESSAGE);
  });
});

describe('Retry-After', () => {
  it('reads whole seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-03-01T12:00:00.000Z');
    expect(retryAfterMsOf('120', now)).toBe(120_000);
    expect(retryAfterMsOf('Sat, 01 Mar 2025 12:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMsOf('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMsOf(null, now)).toBeNull();
    expect(retryAfterMsOf('soon', now)).toBeNull();
  });

  it("is kept on a 429's ApiError with the server's sentence", () => {
    const error = new ApiError(429, JSON.stringify({ message: 'Please try again in 1 minute.', reason: 'rate_limited' }), 'Too Many Requests', '60');
    expect(error.retryAfterMs).toBe(60_000);
    expect(error.serverMessage).toBe('Please try again in 1 minute.');
  });
});
