import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, messageOf, NetworkError, OFFLINE_MESSAGE, SERVER_FAILED_MESSAGE, SERVER_UNREACHABLE_MESSAGE } from './api-client';

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
