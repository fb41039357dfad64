/**
 * The seller's standing, shared by the top bar, the banners, the dashboard and
 * the billing pages. The entitlement is computed on the device from the
 * account as last pulled (so it is right offline and changes as soon as a
 * sync brings a new status); the provider's own view (next charge date, the
 * client secret) comes from GET /api/subscription-status.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { apiReads } from '../../sync/contract/api-reads';
import { entitlementOf, type Entitlement } from '../../sync/rules/entitlements';
import type { SubscriptionState } from '../../sync/entities/subscription';
import type { User } from '../../sync/entities/user';
import { apiRequest, NetworkError } from './api-client';
import type { Connection } from './connectivity';
import { useSyncSession } from './replica/sync-session';
import { readFromServer } from './server-read/read-from-server';
import { useServerRead } from './server-read/use-server-read';
import { useSession } from './session-store';

const MINUTE_MS = 60_000;

/** The time now, renewed every minute, so a trial that ends while the app is open shows as ended. */
function useNow(everyMs = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The signed-in user as the last pull saw them, else as the session knows them. */
export function useAccount(): User | null {
  const sessionUser = useSession((state) => state.user);
  const db = useSyncSession((state) => state.db);
  const pulled = useLiveQuery(async () => (db && sessionUser ? ((await db.account.get(sessionUser.id)) ?? null) : null), [db, sessionUser?.id]);
  return pulled ?? sessionUser;
}

/** What the signed-in user may do; null when nobody is signed in. */
export function useEntitlement(): Entitlement | null {
  const account = useAccount();
  const now = useNow();
  return account ? entitlementOf(account, now) : null;
}

export function fetchSubscriptionState(): Promise<SubscriptionState> {
  return readFromServer(apiReads.subscriptionStatus());
}

export type RemoteState<T> = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'ready'; value: T };

/** A read waits in vain: it failed for want of an answer, or it is still out while the app knows no answer comes. */
export function waitsInVain(state: RemoteState<unknown>, connection: Connection): boolean {
  if (state.kind === 'error') return state.error instanceof NetworkError;
  return state.kind === 'loading' && connection !== 'online';
}

/** GET /api/subscription-status once per mount, with a way to ask again. */
export function useSubscriptionState(): { state: RemoteState<SubscriptionState>; reload: () => void } {
  const read = useServerRead(apiReads.subscriptionStatus());
  const state: RemoteState<SubscriptionState> =
    read.data !== undefined ? { kind: 'ready', value: read.data } : read.error !== null ? { kind: 'error', error: read.error } : { kind: 'loading' };
  return { state, reload: read.retry };
}

/** POST /api/billing/portal: the provider's page where the seller manages card, invoices and cancellation. */
export async function openBillingPortal(): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('POST', '/api/billing/portal');
  window.location.assign(url);
}
