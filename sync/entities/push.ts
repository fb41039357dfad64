/**
 * Web push: the browser's subscription as the app hands it to the server, the
 * kinds of news a person may have pushed (each on or off, beside the email
 * preferences), and the message the service worker shows.
 */
import { z } from 'zod';
import type { UserRole } from '../contract/constants';

/** Browsers' push services (Google, Mozilla, Apple, Microsoft): the only hosts the server calls, with PUSH_SERVICE_ORIGINS. */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/** POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives (less the expiry the server does not use). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ error: 'A push endpoint must be a web address' }).max(2000, 'A push endpoint is at most 2000 characters'),
  keys: z.object({
    p256dh: z.string({ error: 'The subscription has no p256dh key' }).min(1, 'The subscription has no p256dh key').max(200),
    auth: z.string({ error: 'The subscription has no auth key' }).min(1, 'The subscription has no auth key').max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1, 'Say which endpoint').max(2000) });

/** The news a push may carry. */
export const PUSH_KINDS = ['new-order', 'order-status', 'order-approval', 'new-message', 'first-menu-view', 'saved-menus-changed'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_CHOICES: Record<PushKind, { label: string; role: Exclude<UserRole, 'admin'> | 'both' }> = {
  'new-order': { label: 'A new order arrives', role: 'seller' },
  'order-status': { label: "An order's status changes", role: 'both' },
  'order-approval': { label: 'A change to an order awaits your approval', role: 'buyer' },
  'new-message': { label: 'A new inquiry or message', role: 'both' },
  'first-menu-view': { label: 'A buyer opens one of your menus for the first time', role: 'seller' },
  'saved-menus-changed': { label: 'Saved menus changed (at most daily)', role: 'buyer' },
};

/** GET /api/account/push-notifications: every kind, on or off (all on by default). */
export const pushPreferencesSchema = z.record(z.enum(PUSH_KINDS), z.boolean());
export type PushPreferences = Record<PushKind, boolean>;
/** PUT /api/account/push-notifications: the kinds to change; the rest stay as they are. */
export const pushPreferencesUpdateSchema = z.partialRecord(z.enum(PUSH_KINDS, { error: 'Unknown notification' }), z.boolean());

/**
 * What the server sends, encrypted (aes128gcm), as JSON. `url` is a path in the app the notification opens; `tag`
 * folds news about one thing into one notification; `badgeCount` is the app badge after this news. The `web_push`
 * and `notification` members are the declarative form Safari 18.4 shows without running the service worker.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
  badgeCount: z.number().int().nonnegative(),
  web_push: z.literal(8030).optional(),
  notification: z.object({ title: z.string(), body: z.string(), navigate: z.string(), tag: z.string(), app_badge: z.string().optional() }).optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
