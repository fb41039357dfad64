/**
 * The token in an unsubscribe link: who and which kind, signed with the
 * server's secret, so the link works without signing in and cannot be
 * altered to turn off someone else's emails.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../sync/entities/email-preferences';

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString().split('\n');
  if (!userId || !(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationKind };
}
