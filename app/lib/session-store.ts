/**
 * The signed-in session: token and user, kept in local storage so the app
 * opens signed in with no network. On start, a stored token is checked with
 * the server; a rejected token is dropped, an unreachable server is not a
 * rejection (the cached user stays).
 */
import { create } from 'zustand';
import { USER_ROLES } from '../../sync/contract/constants';
import type { AuthResponse, User } from '../../sync/entities/user';
import { apiRequest, ApiError } from './api-client';
import { CACHED_USER_KEY, NEW_ACCOUNT_KEY, TOKEN_KEY } from './session-storage-keys';

type SessionState = {
  user: User | null;
  /** True until the stored session has been checked (or found absent). */
  loading: boolean;
  /** The account was created here and not signed into since: greet 'Welcome', not 'Welcome back'. */
  newAccount: boolean;
  restore(): Promise<void>;
  signIn(auth: AuthResponse, how?: { newAccount: boolean }): void;
  setUser(user: User): void;
  signOut(): Promise<void>;
};

/** The user this device last saw; only its own writes put it there, so a shape check is enough (and keeps the validation library off the first page load). */
function readCachedUser(): User | null {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHED_USER_KEY) ?? 'null') as Partial<User> | null;
    const looksRight = typeof cached?.id === 'string' && typeof cached.email === 'string' && USER_ROLES.includes(cached.role as User['role']);
    return looksRight ? (cached as User) : null;
  } catch {
    return null;
  }
}

function clearStoredSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(CACHED_USER_KEY);
  localStorage.removeItem(NEW_ACCOUNT_KEY);
}

/** Drops this device's push subscription; loaded only now: most visitors never sign out, and a guest never has one. */
async function forgetPush(how: { tokenRefused: boolean }): Promise<void> {
  const push = await import('./push/push-subscription').catch(() => null);
  await push?.forgetPushOnSignOut(how);
}

export const useSession = create<SessionState>((set) => ({
  user: null,
  loading: true,
  // Read in restore(): this store is also built on the server, which draws shared menus and has no localStorage.
  newAccount: false,

  async restore() {
    set({ newAccount: localStorage.getItem(NEW_ACCOUNT_KEY) === '1' });
    if (!localStorage.getItem(TOKEN_KEY)) {
      clearStoredSession();
      set({ user: null, loading: false });
      return;
    }
    const cached = readCachedUser();
    if (cached) set({ user: cached, loading: false });
    try {
      // Loaded here, not with the app's start: a guest on a shared menu never needs the read table's schemas.
      const [{ apiReads }, { readFromServer }] = await Promise.all([import('../../sync/contract/api-reads'), import('./server-read/read-from-server')]);
      const user = await readFromServer(apiReads.signedInUser());
      localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
      set({ user, loading: false });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        // A shared device: whoever uses it next must get none of this person's notifications.
        await forgetPush({ tokenRefused: true });
        clearStoredSession();
        set({ user: null, loading: false });
      } else {
        set({ user: cached, loading: false });
      }
    }
  },

  signIn({ token, user }, how = { newAccount: false }) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
    if (how.newAccount) localStorage.setItem(NEW_ACCOUNT_KEY, '1');
    else localStorage.removeItem(NEW_ACCOUNT_KEY);
    set({ user, loading: false, newAccount: how.newAccount });
  },

  setUser(user) {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
    set({ user });
  },

  async signOut() {
    // While the token still counts: the next person on this device must see none of this one's news.
    await forgetPush({ tokenRefused: false });
    try {
      if (localStorage.getItem(TOKEN_KEY)) await apiRequest('POST', '/api/auth/logout');
    } catch {
      // Signing out must work offline too; the server session then simply expires.
    }
    clearStoredSession();
    set({ user: null, newAccount: false });
  },
}));
