import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, messageOf, NetworkError, OFFLINE_MESSAGE, retryAfterMsOf, SERVER_FAILED_MESSAGE, SERVER_UNREACHABLE_MESSAGE } from './api-client';

afterEach(() => vi.unstubAllGlobals());

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
