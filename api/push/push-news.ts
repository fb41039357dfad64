/**
 * What the server pushes: news of one event, queued in the event's transaction to every device of the people it
 * concerns (the other party's members, the customer's rep), never to the person who acted, only of a kind the person
 * left on, each message carrying the badge of the person's team after the event.
 */
import { badgeCount } from '../../sync/badge';
import type { PushKind, PushMessage } from '../../sync/entities/push';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { badgeItems, notePushed, pushedSince, pushOptedOut, pushSubscriptionsOf, teamMemberIds } from '../db/repositories/push';
import { findMembership } from '../db/repositories/teams';
import { findUserById } from '../db/repositories/users';
import { appLink } from '../mail/mail-service';
import type { Urgency } from './push-outbox';

export type PushNews = { kind: PushKind; title: string; body: string; url: string; tag: string };
/** Every member of `teams`, and `people` (a rep), but never `actor`. */
export type PushAudience = { teams: Array<string | null>; people?: Array<string | null>; actor?: string | null };

/** What a phone may wake for at once, and what can wait for a good moment. */
const URGENCY: Record<PushKind, Urgency> = {
  'new-order': 'high',
  'order-approval': 'high',
  'new-message': 'high',
  'order-status': 'normal',
  'first-menu-view': 'low',
  'saved-menus-changed': 'low',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const BODY_LENGTH = 200;

export async function pushNews(services: Services, tx: Tx, audience: PushAudience, news: PushNews, options: { atMostDaily?: boolean } = {}): Promise<void> {
  const people = new Set<string>();
  for (const team of audience.teams) if (team) for (const id of await teamMemberIds(tx.db, team)) people.add(id);
  for (const id of audience.people ?? []) if (id) people.add(id);
  if (audience.actor) people.delete(audience.actor);
  const off = await pushOptedOut(tx.db, [...people], news.kind);
  let wanting = [...people].filter((id) => !off.has(id));
  const now = services.now();
  if (options.atMostDaily) {
    const recent = await pushedSince(tx.db, wanting, news.kind, new Date(now.getTime() - DAY_MS));
    wanting = wanting.filter((id) => !recent.has(id));
  }
  const subscriptions = await pushSubscriptionsOf(tx.db, wanting);
  const badges = new Map<string, number>();
  const queued = new Set<string>();
  for (const subscription of subscriptions) {
    const person = await findUserById(tx.db, subscription.userId);
    if (!person || person.disabled) continue;
    const team = (await findMembership(tx.db, person.id))?.teamId ?? person.id;
    if (!badges.has(team)) {
      const items = await badgeItems(tx.db, team);
      badges.set(team, badgeCount(team, items.orders, items.inquiries));
    }
    await services.push.queue(tx, [{ subscriptionId: subscription.id, kind: news.kind, urgency: URGENCY[news.kind], message: pushMessage(services, news, badges.get(team)!) }]);
    queued.add(person.id);
  }
  if (options.atMostDaily) for (const id of queued) await notePushed(tx.db, id, news.kind, now);
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
