import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { forgetPushOnSignOut } from './push/push-subscription';
import { readFromServer } from './server-read/read-from-server';
import { CACHED_USER_KEY, TOKEN_KEY } from './session-storage-keys';
import { useSession } from './session-store';

vi.mock('./push/push-subscription', () => ({ forgetPushOnSignOut: vi.fn(async () => undefined) }));
vi.mock('./server-read/read-from-server', () => ({ readFromServer: vi.fn() }));

const USER = { id: crypto.randomUUID(), email: 'rep@example.com', role: 'seller' };

function stubLocalStorage(entries: Record<string, string>) {
  const store = new Map(Object.entries(entries));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  return store;
}

beforeEach(() => {
  useSession.setState({ user: null, loading: true, newAccount: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('restoring the stored session', () => {
  it.each([401, 403])('drops the push subscription with a session the server refuses (%i), so the next person gets none of its notifications', async (status) => {
    const store = stubLocalStorage({ [TOKEN_KEY]: 'old-token', [CACHED_USER_KEY]: JSON.stringify(USER) });
    vi.mocked(readFromServer).mockRejectedValueOnce(new ApiError(status, '{"message":"Session expired"}', 'Unauthorized'));
    await useSession.getState().restore();
    expect(forgetPushOnSignOut).toHaveBeenCalledWith({ tokenRefused: true });
    expect(useSession.getState().user).toBeNull();
    expect(store.has(TOKEN_KEY)).toBe(false);
  });

  it('keeps the subscription and the cached user when the server cannot be reached', async () => {
    stubLocalStorage({ [TOKEN_KEY]: 'token', [CACHED_USER_KEY]: JSON.stringify(USER) });
    vi.mocked(readFromServer).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useSession.getState().restore();
    expect(forgetPushOnSignOut).not.toHaveBeenCalled();
    expect(useSession.getState().user).toEqual(USER);
  });
});
