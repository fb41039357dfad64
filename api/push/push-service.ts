/**
 * A person's push subscriptions and which kinds of push they want. The server only ever calls the browsers' push
 * services and the origins the operator lists, so an endpoint handed in cannot make it call an arbitrary address.
 */
import { randomUUID } from 'node:crypto';
import {
  KNOWN_PUSH_SERVICE_HOSTS,
  PUSH_KINDS,
  pushPreferencesUpdateSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
  type PushKeyResponse,
  type PushPreferences,
} from '../../sync/entities/push';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import type { Services, Session } from '../context';
import { deletePushSubscription, pushOptedOutKinds, keepNewestPushSubscriptions, savePushSubscription, setPushOptOut } from '../db/repositories/push';

export const ENDPOINT_REFUSED = 'This browser’s push service is not one this server sends to';

/** `https:` on a known push service's host (`*.` any subdomain of it), or on an origin the operator listed. */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port) return false;
  return KNOWN_PUSH_SERVICE_HOSTS.some((host) => (host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host));
}

export async function pushKey(services: Services): Promise<PushKeyResponse> {
  return { publicKey: (await services.pushKeys.get()).publicKey };
}

/** Devices a person may have notified at once: a phone, a tablet, a few browsers; the oldest gives way to a new one. */
export const SUBSCRIPTIONS_PER_PERSON = 10;

/** Subscribes the device for the sign-in `session`: the subscription ends with it. */
export async function subscribeToPush(services: Services, session: Session, input: unknown): Promise<void> {
  const { user } = session;
  const { endpoint, keys } = parseOrThrow(pushSubscriptionInputSchema, input);
  if (!pushEndpointAllowed(endpoint, services.env.PUSH_SERVICE_ORIGINS)) throw new AppError('validation', ENDPOINT_REFUSED, { endpoint: ENDPOINT_REFUSED });
  await services.db.transaction(async (tx) => {
    await savePushSubscription(tx.db, { id: randomUUID(), userId: user.id, sessionId: session.sid, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: services.now() });
    await keepNewestPushSubscriptions(tx.db, user.id, SUBSCRIPTIONS_PER_PERSON);
  });
}

export async function unsubscribeFromPush(services: Services, user: User, input: unknown): Promise<void> {
  const { endpoint } = parseOrThrow(pushUnsubscribeSchema, input);
  const removed = await services.db.transaction(async (tx) => deletePushSubscription(tx.db, user.id, endpoint));
  if (!removed) throw new AppError('not_found', 'This device is not subscribed to your notifications');
}

export async function pushPreferences(services: Services, user: User): Promise<PushPreferences> {
  const off = new Set(await pushOptedOutKinds(services.db.read, user.id));
  return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as PushPreferences;
}

export async function updatePushPreferences(services: Services, user: User, input: unknown): Promise<PushPreferences> {
  const changes = parseOrThrow(pushPreferencesUpdateSchema, input);
  await services.db.transaction(async (tx) => {
    for (const [kind, on] of Object.entries(changes)) await setPushOptOut(tx.db, user.id, kind, !on, services.now());
  });
  return pushPreferences(services, user);
}
