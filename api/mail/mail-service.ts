/**
 * What the rest of the server calls to send email: account mail (always
 * sent: the person asked for it) and notifications (only when that kind is on
 * for them, with a one-click unsubscribe link and headers).
 */
import type { NotificationKind } from '../../sync/entities/email-preferences';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { notificationRecipient } from '../db/repositories/mail';
import { mayHear, type NewsScope } from '../team/news-audience';
import type { MailContent } from './templates/layout';
import { unsubscribeToken } from './unsubscribe-token';

/** A full address in the app for a path such as `/reset-password?token=...`. */
export function appLink(services: Services, path: string): string {
  return `${services.env.APP_URL}${path}`;
}

/** Who an email greets: the first name, else the address. */
export function greetingName(user: { firstName: string | null; email: string }): string {
  return user.firstName?.trim() || user.email;
}

/** Queues mail the person asked for (a reset, a confirmation, an invitation, a change of address): sent in its own lane, ahead of any notification. */
export async function sendAccountMail(services: Services, tx: Tx, to: { userId: string | null; email: string }, kind: string, content: MailContent): Promise<void> {
  await services.mail.queue(tx, { ...content, kind, lane: 'account', userId: to.userId, to: to.email, headers: {} });
}

export type NotificationRecipient = { id: string; email: string; firstName: string | null };

/**
 * Queues a notification to a user unless they turned that kind off or their
 * account is disabled. `build` gets the unsubscribe link for the footer.
 * News of a team's business (`scope`) goes only to someone who hears of it
 * (see `mayHear`), now and again when it is sent. Answers whether it was queued.
 */
export async function notify(
  services: Services,
  tx: Tx,
  userId: string,
  kind: NotificationKind,
  build: (recipient: NotificationRecipient, unsubscribeUrl: string) => MailContent,
  scope?: NewsScope,
): Promise<boolean> {
  return (await notifyEach(services, tx, [userId], kind, build, scope)).length === 1;
}

/**
 * `notify` for several people at once, each as `notify` would alone (who hears of `scope` is asked once for all).
 * `invoiceOrderId`: the order whose invoice each message carries, drawn as it is sent. Answers who it was queued for.
 */
export async function notifyEach(
  services: Services,
  tx: Tx,
  userIds: readonly string[],
  kind: NotificationKind,
  build: (recipient: NotificationRecipient, unsubscribeUrl: string) => MailContent,
  scope?: NewsScope,
  invoiceOrderId?: string,
): Promise<string[]> {
  const hearing = scope ? await mayHear(tx.db, [...userIds], scope) : new Set(userIds);
  const queued: string[] = [];
  for (const userId of new Set(userIds)) {
    if (!hearing.has(userId)) continue;
    const user = await notificationRecipient(tx.db, userId, kind);
    if (!user) continue;
    const unsubscribeUrl = appLink(services, `/api/mail/unsubscribe?token=${unsubscribeToken(services.env.JWT_SECRET, userId, kind)}`);
    const content = build(user, unsubscribeUrl);
    await services.mail.queue(tx, {
      ...content,
      kind,
      lane: 'notification',
      userId,
      to: user.email,
      ...(scope && { scope }),
      ...(invoiceOrderId && { invoiceOrderId }),
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    queued.push(userId);
  }
  return queued;
}
