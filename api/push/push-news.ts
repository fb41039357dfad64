/**
 * What the server pushes: news of one event, queued in the event's transaction to every device of the people it
 * concerns (the members of a party who hear of it: of one customer's business, only those who may handle that
 * customer), never to the person who acted, only of a kind the person left on, each message carrying the badge of the
 * person's team after the event. Who hears is asked again when each push is sent (see `PushOutbox`).
 */
import { badgeCount } from '../../sync/rules/badge';
import { hearsOf } from '../../sync/rules/team-permissions';
import type { PushKind, PushMessage } from '../../sync/entities/push';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { badgeItems, enabledPeopleWithTeams, pushOptedOut, pushSubscriptionsOf, teamMembersWithRoles } from '../db/repositories/push';
import { appLink } from '../mail/mail-service';
import { newsOf, type NewsScope } from '../team/news-audience';
import type { QueuedPush, Urgency } from './push-outbox';

export type PushNews = { kind: PushKind; title: string; body: string; url: string; tag: string };
/**
 * The members of `team` (none when null; with `only`, those of them alone), but never `actor`. News of one customer's
 * business (an order, an order request) sets `customerId`, of `team`'s book: a rep hears of it only as that customer's
 * rep, as they see only their customers' orders.
 */
export type PushAudience = { team: string | null; only?: string[]; actor?: string | null; customerId?: string | null };

/** What a phone may wake for at once, and what can wait for a good moment. */
const URGENCY: Record<PushKind, Urgency> = {
  'new-order': 'high',
  'order-approval': 'high',
  'new-message': 'high',
  'order-status': 'normal',
  'first-menu-view': 'low',
  'saved-menus-changed': 'low',
};

const BODY_LENGTH = 200;

/** Answers how many pushes were queued. */
export async function pushNews(services: Services, tx: Tx, audience: PushAudience, news: PushNews): Promise<number> {
  if (!audience.team) return 0;
  const scope: NewsScope = { teamId: audience.team, customerId: audience.customerId ?? null };
  const heard = await newsOf(tx.db, scope);
  const audienceIds = (await teamMembersWithRoles(tx.db, audience.team))
    .filter((member) => member.userId !== audience.actor && (!audience.only || audience.only.includes(member.userId)))
    .filter((member) => hearsOf({ teamId: scope.teamId, role: member.role }, member.userId, heard))
    .map((member) => member.userId);
  const off = await pushOptedOut(tx.db, audienceIds, news.kind);
  const subscriptions = await pushSubscriptionsOf(
    tx.db,
    audienceIds.filter((id) => !off.has(id)),
  );
  const people = await enabledPeopleWithTeams(tx.db, [...new Set(subscriptions.map((subscription) => subscription.userId))]);
  const badges = new Map<string, number>();
  const pushes: QueuedPush[] = [];
  for (const subscription of subscriptions) {
    const membership = people.get(subscription.userId);
    if (membership === undefined) continue;
    const team = membership?.teamId ?? subscription.userId;
    // A rep's badge counts the orders of their own customers, as their device does.
    const rep = membership?.role === 'rep' ? subscription.userId : null;
    const badgeKey = `${team}:${rep ?? ''}`;
    if (!badges.has(badgeKey)) {
      const items = await badgeItems(tx.db, team, rep);
      badges.set(badgeKey, badgeCount(team, items.orders, items.inquiries));
    }
    pushes.push({ subscriptionId: subscription.id, kind: news.kind, urgency: URGENCY[news.kind], message: pushMessage(services, news, badges.get(badgeKey)!), scope });
  }
  await services.push.queue(tx, pushes);
  return pushes.length;
}

/** The JSON the service worker shows, with the declarative form Safari reads without running it. */
export function pushMessage(services: Services, news: PushNews, badge: number): PushMessage {
  const body = news.body.length > BODY_LENGTH ? `${news.body.slice(0, BODY_LENGTH - 1)}…` : news.body;
  return {
    title: news.title,
    body,
    url: news.url,
    tag: news.tag,
    badgeCount: badge,
    web_push: 8030,
    notification: { title: news.title, body, navigate: appLink(services, news.url), tag: news.tag, app_badge: String(badge) },
  };
}
