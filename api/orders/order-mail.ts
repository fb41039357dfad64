/**
 * Each step of an order told by email and push to the other party and to the rep who looks after the customer: short
 * and plain, queued in the step's own transaction (a refused step sends nothing). On the seller's side only members who
 * may handle the customer hear of it, when it is queued and when it is sent (see `mayHear`): a rep removed from the
 * team, or no longer the customer's rep, hears nothing more.
 */
import type { Order } from '../../sync/entities/order';
import { creditNote } from '../../sync/order-payments';
import type { PushKind } from '../../sync/entities/push';
import type { NotificationKind } from '../../sync/entities/email-preferences';
import type { Services } from '../context';
import type { Tx } from '../db/database';
import { appLink, greetingName, notify } from '../mail/mail-service';
import type { NewsScope } from '../team/news-audience';
import { compose } from '../mail/templates/layout';
import { pushNews } from '../push/push-news';

export type OrderStep = 'submitted' | 'accepted' | 'rejected' | 'cancelled' | 'changed' | 'approved' | 'fulfilled' | 'delivered' | 'paid';

/** Money paid beyond what the order now bills, said wherever a step leaves some (a cancellation, a lower total). */
const credit = (order: Order) => {
  const note = creditNote(order);
  return note ? ` ${note}` : '';
};

const SENTENCES: Record<OrderStep, (order: Order) => string> = {
  submitted: (order) => `${order.customerName} placed order ${order.number} with ${order.sellerName}, total $${order.total}.`,
  accepted: (order) => `${order.sellerName} accepted order ${order.number}.`,
  rejected: (order) => `${order.sellerName} rejected order ${order.number}${order.history.at(-1)?.reason ? `: ${order.history.at(-1)!.reason}` : '.'}`,
  cancelled: (order) => `Order ${order.number} was cancelled.${credit(order)}`,
  changed: (order) =>
    `${order.sellerName} changed order ${order.number}; the total is now $${order.total}.${order.status === 'awaiting_buyer' ? ' It waits for the buyer to approve the change.' : ''}${credit(order)}`,
  approved: (order) => `${order.customerName} approved the change to order ${order.number}.`,
  fulfilled: (order) => `Order ${order.number} is packed and on its way.`,
  delivered: (order) => `Order ${order.number} was delivered${order.dueAt ? `; payment of $${order.total} is due ${order.dueAt.slice(0, 10)}` : ''}.${credit(order)}`,
  paid: (order) => `A payment on order ${order.number} was recorded: $${order.amountPaid} of $${order.total} paid.`,
};

/** Tells the step to everyone concerned but the one who made it: the seller team (and the customer's rep) or the buyer team. */
export async function notifyOrderStep(services: Services, tx: Tx, order: Order, step: OrderStep, by: { teamId: string; userId: string }, repUserId: string | null): Promise<void> {
  const sellerSide: NewsScope = { teamId: order.sellerTeamId, customerId: order.customerId };
  const recipients: Array<{ id: string; kind: NotificationKind; scope: NewsScope }> = [];
  if (order.sellerTeamId !== by.teamId) recipients.push({ id: order.sellerTeamId, kind: 'order-request', scope: sellerSide });
  if (order.buyerTeamId && order.buyerTeamId !== by.teamId) recipients.push({ id: order.buyerTeamId, kind: 'order-status', scope: { teamId: order.buyerTeamId } });
  if (repUserId && repUserId !== by.userId && repUserId !== order.sellerTeamId) recipients.push({ id: repUserId, kind: 'order-request', scope: sellerSide });
  const sentence = SENTENCES[step](order);
  for (const recipient of recipients) {
    await notify(
      services,
      tx,
      recipient.id,
      recipient.kind,
      (person, unsubscribeUrl) =>
        compose({
          subject: `Order ${order.number} ${step}`,
          greeting: `Hello ${greetingName(person)},`,
          paragraphs: [sentence],
          action: { label: 'Open the order', url: appLink(services, `/orders/${order.id}`) },
          reason: 'You get this email because you take part in this order. Turn these emails off under Profile, Notifications, or unsubscribe below.',
          unsubscribeUrl,
        }),
      recipient.scope,
    );
  }
  await pushOrderStep(services, tx, order, step, by, repUserId, sentence);
}

/**
 * The push of a step: the seller side hears of a new order, the buyer of a change to approve, each side of the rest.
 * A step the seller's team made itself reaches, of that team, only the customer's rep.
 */
async function pushOrderStep(services: Services, tx: Tx, order: Order, step: OrderStep, by: { teamId: string; userId: string }, repUserId: string | null, sentence: string) {
  const news = (kind: PushKind, title: string) => ({ kind, title, body: sentence, url: `/orders/${order.id}`, tag: `order-${order.id}` });
  const buyer = order.buyerTeamId && order.buyerTeamId !== by.teamId ? order.buyerTeamId : null;
  const sellerSide = step === 'submitted' ? news('new-order', `New order ${order.number} from ${order.customerName}`) : news('order-status', `Order ${order.number} ${step}`);
  const sellerActed = order.sellerTeamId === by.teamId;
  await pushNews(
    services,
    tx,
    { team: order.sellerTeamId, ...(sellerActed && { only: repUserId ? [repUserId] : [] }), actor: by.userId, customerId: order.customerId },
    sellerSide,
  );
  const awaitsBuyer = step === 'changed' && order.status === 'awaiting_buyer';
  const buyerSide = awaitsBuyer ? news('order-approval', `Order ${order.number} awaits your approval`) : news('order-status', `Order ${order.number} ${step}`);
  await pushNews(services, tx, { team: buyer, actor: by.userId }, buyerSide);
}
