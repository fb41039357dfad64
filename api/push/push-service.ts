/**
 * A person's push subscriptions and which kinds of push they want. The server only ever calls the browsers' push
 * services and the origins the operator lists, so an endpoint handed in cannot make it call an arbitrary address.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  PUSH_KINDS,
  type PushKeyResponse,
  type PushPreferences,
  type pushPreferencesUpdateSchema,
  type pushSubscriptionInputSchema,
  type pushUnsubscribeSchema,
} from '../../sync/entities/push';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';
import type { Services, Session } from '../context';
import { deletePushSubscription, pushOptedOutKinds, keepNewestPushSubscriptions, savePushSubscription, setPushOptOut } from '../db/repositories/push';
import { ENDPOINT_REFUSED, pushEndpointAllowed, subscriptionKeysRefused } from './push-endpoint';

export const ENDPOINT_TAKEN = 'This push endpoint is subscribed for another account';

export async function pushKey(services: Services): Promise<PushKeyResponse> {
  return { publicKey: (await services.pushKeys.get()).publicKey };
}

/** Devices a person may have notified at once: a phone, a tablet, a few browsers; the oldest gives way to a new one. */
export const SUBSCRIPTIONS_PER_PERSON = 10;

/**
 * Subscribes the device for the sign-in `session`: the subscription ends with it. Another person's endpoint is theirs
 * still: posted with its keys it is the same browser, signed in as someone else now, and moves to them; posted with
 * other keys it is refused, so no one takes over (or silences) another person's notifications by knowing the address.
 */
export async function subscribeToPush(services: Services, session: Session, input: z.output<typeof pushSubscriptionInputSchema>): Promise<void> {
  const { user } = session;
  const { endpoint, keys } = input;
  if (!pushEndpointAllowed(endpoint, services.env.PUSH_SERVICE_ORIGINS)) throw new AppError('validation', ENDPOINT_REFUSED, { endpoint: ENDPOINT_REFUSED });
  const keysRefused = subscriptionKeysRefused(keys);
  if (keysRefused) throw new AppError('validation', Object.values(keysRefused)[0]!, keysRefused);
  await services.db.transaction(async (tx) => {
    const saved = await savePushSubscription(tx.db, {
      id: randomUUID(),
      userId: user.id,
      sessionId: session.sid,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      createdAt: services.now(),
    });
    if (saved === 'taken') throw new AppError('conflict', ENDPOINT_TAKEN, { endpoint: ENDPOINT_TAKEN });
    await keepNewestPushSubscriptions(tx.db, user.id, SUBSCRIPTIONS_PER_PERSON);
  });
}

export async function unsubscribeFromPush(services: Services, user: User, input: z.output<typeof pushUnsubscribeSchema>): Promise<void> {
  const { endpoint } = input;
  const removed = await services.db.transaction(async (tx) => deletePushSubscription(tx.db, user.id, endpoint));
  if (!removed) throw new AppError('not_found', 'This device is not subscribed to your notifications');
}

export async function pushPreferences(services: Services, user: User): Promise<PushPreferences> {
  const off = new Set(await pushOptedOutKinds(services.db.read, user.id));
  return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as PushPreferences;
}

export async function updatePushPreferences(services: Services, user: User, changes: z.output<typeof pushPreferencesUpdateSchema>): Promise<PushPreferences> {
  await services.db.transaction(async (tx) => {
    for (const [kind, on] of Object.entries(changes)) await setPushOptOut(tx.db, user.id, kind, !on, services.now());
  });
  return pushPreferences(services, user);
}
