import { z } from 'zod';
import type { UserRole } from '../contract/constants';

/** The notification emails a person can turn on or off (all on by default). */
export const NOTIFICATION_KINDS = [
  'order-request',
  'new-message',
  'first-menu-view',
  'trial-ending',
  'payment-failed',
  'subscription-canceled',
  'seller-reply',
  'order-status',
  'saved-menus-digest',
  'saved-menu-withdrawn',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHOICES: Record<NotificationKind, { label: string; role: Exclude<UserRole, 'admin'> }> = {
  'order-request': { label: 'A buyer sends an order or an order request, and each later step of an order', role: 'seller' },
  'new-message': { label: 'A buyer sends a message', role: 'seller' },
  'first-menu-view': { label: 'A buyer opens one of your menus for the first time', role: 'seller' },
  'trial-ending': { label: 'Your trial ends in 3 days', role: 'seller' },
  'payment-failed': { label: 'A payment failed', role: 'seller' },
  'subscription-canceled': { label: 'Your subscription was canceled', role: 'seller' },
  'seller-reply': { label: 'A seller replies to you', role: 'buyer' },
  'order-status': { label: 'Your order is received, and each later step of it (accepted, changed, delivered, paid)', role: 'buyer' },
  'saved-menus-digest': { label: 'Daily digest of saved menus that changed', role: 'buyer' },
  'saved-menu-withdrawn': { label: 'A seller whose menu you saved closes their account', role: 'buyer' },
};

export const emailPreferencesSchema = z.record(z.enum(NOTIFICATION_KINDS), z.boolean());
export type EmailPreferences = Record<NotificationKind, boolean>;

/** PUT /api/account/notifications: the kinds to change; the rest stay as they are. */
export const emailPreferencesUpdateSchema = z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification' }), z.boolean());
