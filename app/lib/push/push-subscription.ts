/**
 * This device's push subscription: made with the server's VAPID key from a
 * tap (browsers ask for permission only then), handed to the server, and
 * given up again on 'Turn off' and on sign-out (the next person on a shared
 * device must not see the last one's orders).
 */
import { apiReads } from '../../../sync/contract/api-reads';
import type { PushSubscriptionInput } from '../../../sync/entities/push';
import { apiRequest } from '../api-client';
import { readFromServer } from '../server-read/read-from-server';

/** A base64url string (the VAPID public key) as the bytes PushManager takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(key: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!key) return true;
  const other = new Uint8Array(key);
  return other.length === bytes.length && other.every((byte, index) => byte === bytes[index]);
}

/** The subscription as the server takes it; null when the browser gave one without keys (never for a real service). */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput | null {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The worker's registration, or none yet (never waits: the worker may not be installed in this build). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return 'serviceWorker' in navigator ? navigator.serviceWorker.getRegistration() : undefined;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export type TurnOnOutcome = 'subscribed' | 'blocked' | 'dismissed' | 'not-ready' | 'unreachable';

/**
 * How long the browser's push service gets to hand out a subscription: with none reachable (a network that blocks it,
 * a browser without one) `subscribe` never settles. A page may set `pushSubscribeTimeoutMs` on window before the app
 * loads to shorten it (the browser tests do, rather than wait).
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000;

function subscribeTimeoutMs(): number {
  const override = (globalThis as { pushSubscribeTimeoutMs?: unknown }).pushSubscribeTimeoutMs;
  return typeof override === 'number' && override > 0 ? override : PUSH_SUBSCRIBE_TIMEOUT_MS;
}

/**
 * The push service's subscription, or null when it did not answer in time. One that arrives after the person was told
 * it failed is given up at once: the server never heard of it, so the device must not show notifications as on.
 */
async function subscribeInTime(worker: ServiceWorkerRegistration, applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription | null> {
  const subscribing = worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), subscribeTimeoutMs());
  });
  try {
    const subscription = await Promise.race([subscribing, timedOut]);
    if (!subscription) void subscribing.then((late) => late.unsubscribe()).catch(() => undefined);
    return subscription;
  } finally {
    clearTimeout(timer);
  }
}

/** Asks for permission (call it from a tap), subscribes and tells the server; a refusal of the server's throws its ApiError. */
export async function turnOnPush(): Promise<TurnOnOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const worker = await registration();
  if (!worker) return 'not-ready';
  const applicationServerKey = base64UrlToBytes((await readFromServer(apiReads.pushKey())).publicKey);
  let subscription = await worker.pushManager.getSubscription();
  // One made for another key (the server's keys were replaced) would be refused by the push service: start over.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await subscribeInTime(worker, applicationServerKey);
  if (!subscription) return 'unreachable';
  const input = subscriptionInput(subscription);
  if (!input) return 'not-ready';
  await apiRequest('POST', '/api/push/subscriptions', input);
  return 'subscribed';
}

/** Stops this device's notifications: the server forgets the subscription, then the browser drops it. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/**
 * On sign-out, or when the stored session turns out expired or revoked: the badge goes, and so does the subscription,
 * offline too (the browser's goes even when the server cannot be told). A refused token cannot tell the server; the
 * dropped endpoint then answers the push service's next send with 404/410, and the server removes it on that.
 */
export async function forgetPushOnSignOut(how: { tokenRefused: boolean } = { tokenRefused: false }): Promise<void> {
  if ('clearAppBadge' in navigator) void navigator.clearAppBadge().catch(() => undefined);
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  if (!how.tokenRefused) await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
}
